import Foundation
import Testing

@testable import OpenLocator

/// ``StoredCategories`` against a plain `SELECT DISTINCT` of the default gazetteer's places:
/// the same codes, and for every category of the tree, a place in its range exactly when the
/// raw table has one.
@Suite struct StoredCategoriesTests {
    @Test func everyCategoryHoldsPlacesExactlyWhenTheTableHasSome() throws {
        let db = try SQLiteConnection(path: try Fixtures.defaultGazetteerURL().path)
        var present: [Int] = []
        try db.statement("SELECT DISTINCT category FROM places NOT INDEXED ORDER BY 1").forEachRow {
            present.append(Int($0.int(0)))
        }
        let stored = try StoredCategories(db: db)
        var empty = 0
        for category in CategoryTree.world.categories {
            let range = category.codeRange
            let truth = present.contains { range.contains($0) }
            #expect(stored.holdsAny([range]) == truth, "\(category.name)")
            if !truth { empty += 1 }
        }
        // Both answers occur: the default file has streets and POIs but not every category.
        #expect(stored.holdsAny([CategoryTree.world["Street Name"]!.codeRange]))
        #expect(empty > 0, "every category has places")
        #expect(!stored.holdsAny([]))
        let below = (present.first ?? 0) - 10...(present.first ?? 0) - 1
        let above = (present.last ?? 0) + 1...(present.last ?? 0) + 10
        #expect(!stored.holdsAny([below, above]))
        #expect(stored.holdsAny([below, above, present[present.count / 2]...present[present.count / 2]]))
    }
}
