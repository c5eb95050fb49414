import Testing

@testable import OpenLocator

@Suite struct CategoryResolverTests {
    let resolver = CategoryResolver.world

    @Test(arguments: [
        ("coffee shop", "Coffee Shop"), ("Coffee Shops", "Coffee Shop"), ("cafe", "Coffee Shop"),
        ("café", "Coffee Shop"), ("CAFES", "Coffee Shop"), ("gas station", "Gas Station"),
        ("petrol station", "Gas Station"), ("fuel", "Gas Station"), ("hotels", "Hotel"), ("Hotel", "Hotel"),
        ("parks", "Park"), ("park", "Park"), ("food", "Food"), ("Parks and Outdoors", "Parks and Outdoors"),
        ("bakeries", "Bakery"), ("bars", "Bar or Pub"), ("pharmacies", "Pharmacy"),
    ])
    func recognisesNamesSynonymsAndPlurals(text: String, category: String) {
        #expect(resolver.categories(matching: text).map(\.name).contains(category))
    }

    /// A category is found by its own name (a direct lookup), and by any casing and spacing of
    /// it (folded first: bytes for ASCII, Unicode properties otherwise), always as the same one.
    @Test func everyCategoryIsFoundByItsNameInAnyCaseAndSpacing() throws {
        let tree = CategoryTree.world
        for category in tree.categories {
            let found = try #require(tree[category.name])
            #expect(found.name == category.name)
            let words = category.name.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            for variant in [
                category.name.uppercased(), category.name.lowercased(), "  " + words.joined(separator: " - ") + ".",
                words.joined(separator: "\u{00A0}"), words.joined(separator: "_").uppercased(),
            ] {
                #expect(tree[variant]?.code == found.code, "\(variant)")
            }
        }
        #expect(tree["Café"] == nil && tree["coffee shopz"] == nil && tree[""] == nil)
    }

    @Test func doesNotTakeOrdinaryNamesForCategories() {
        #expect(resolver.categories(matching: "Stockmann").isEmpty)
        #expect(resolver.categories(matching: "Mannerheimintie 10").isEmpty)
        #expect(resolver.categories(matching: "coffee shop Kamppi").isEmpty)
    }

    @Test func parentCategoriesContainTheirDescendants() throws {
        let tree = CategoryTree.world
        let food = try #require(tree["Food"])
        let coffee = try #require(tree["Coffee Shop"])
        let hotel = try #require(tree["Hotel"])
        let gas = try #require(tree["Gas Station"])
        #expect(food.contains(coffee))
        #expect(!food.contains(hotel))
        #expect(try #require(tree["Shops and Service"]).contains(gas))
        #expect(try #require(tree["Travel and Transport"]).contains(hotel))
        #expect(tree.children(of: food).count == 72)
        #expect(try #require(tree["Parks and Outdoors"]).level == 2)
        #expect(coffee.path == ["POI", "Food", "Coffee Shop"])
    }

    @Test func rejectsUnknownFilterCategoriesWithAClearMessage() {
        #expect(throws: LocatorError.self) { try resolver.filterCategories(["Spaceport"]) }
        do {
            _ = try resolver.filterCategories(["Spaceport"])
        } catch let error as LocatorError {
            #expect(error.code == .invalidParameter)
            #expect(error.message.contains("Spaceport"))
        } catch { Issue.record("unexpected \(error)") }
        #expect((try? resolver.filterCategories(["coffee shop, hotel"]).map(\.name)) == ["Coffee Shop", "Hotel"])
    }

    @Test func everyMappingRuleNamesACategoryOfTheTree() throws {
        let mapping = try OSMCategoryMapping(contentsOf: Fixtures.categoryMapping)
        #expect(mapping.rules.count > 150)
        #expect(mapping.category(for: ["amenity": "cafe"])?.name == "Coffee Shop")
        #expect(mapping.category(for: ["amenity": "restaurant", "cuisine": "italian;pizza"])?.name == "Pizza")
        #expect(mapping.category(for: ["amenity": "fuel"])?.name == "Gas Station")
        #expect(mapping.category(for: ["leisure": "park"])?.name == "Park")
        #expect(mapping.category(for: ["tourism": "hotel", "amenity": "restaurant"])?.name == "Hotel")
        #expect(mapping.category(for: ["highway": "residential"]) == nil)
        #expect(throws: LocatorError.self) { try OSMCategoryMapping(text: "amenity=cafe\tCoffee Shopz") }
        #expect(throws: LocatorError.self) { try OSMCategoryMapping(text: "amenity cafe Coffee Shop") }
    }
}
