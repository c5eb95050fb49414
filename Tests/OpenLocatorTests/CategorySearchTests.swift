import Foundation
import Testing

@testable import OpenLocator

/// Category search near a point on the real default gazetteer, checked against a brute-force
/// scan of every place of the category.
@Suite struct CategorySearchTests {
    @Test(arguments: ["Coffee Shop", "Hotel", "Park", "Food"])
    func firstResultIsTheNearestPlaceOfTheCategoryEverywhereInCentralHelsinki(category name: String) async throws {
        let task = try Fixtures.task()
        let category = try #require(CategoryTree.world[name])
        let everything = try allPlaces(in: Fixtures.defaultGazetteerURL(), category: category)
        #expect(everything.count >= 10)
        for point in Fixtures.helsinkiGrid {
            let parameters = GeocodeParameters()
            parameters.preferredSearchLocation = point
            parameters.addResultAttributeNames(["PlaceName", "Place_addr", "Type", "Distance"])
            let results = try await task.geocode(forSearchText: name, using: parameters)
            #expect(results.count == 10)
            let truth = everything.map { point.distance(to: $0.location) }.min()!
            let first = try #require(results.first?.attributeValues["Distance"]?.doubleValue)
            #expect(abs(first - truth) < 0.01, "at \(point): first result \(first) m, nearest \(truth) m")
            let distances = results.compactMap { $0.attributeValues["Distance"]?.doubleValue }
            #expect(distances == distances.sorted(), "farther-then-nearer at \(point)")
            for result in results {
                #expect(!text(result, "PlaceName").isEmpty)
                #expect(!text(result, "Place_addr").isEmpty)
                let type = try #require(result.attributeValues["Type"]?.stringValue)
                #expect(CategoryTree.world[type].map(category.contains) == true, "\(type) is not in \(name)")
            }
        }
    }

    @Test func theTenNearestAreExactlyTheTenNearestByGreatCircleDistance() async throws {
        let category = try #require(CategoryTree.world["Coffee Shop"])
        let everything = try allPlaces(in: Fixtures.defaultGazetteerURL(), category: category)
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        parameters.addResultAttributeName("*")
        let results = try await Fixtures.task().geocode(forSearchText: "coffee shops", using: parameters)
        let expected = everything.map { Fixtures.helsinkiCentre.distance(to: $0.location) }.sorted().prefix(10)
        let got = results.compactMap { $0.attributeValues["Distance"]?.doubleValue }
        #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 0.01 })
    }

    @Test func categoryParameterAloneSearchesByDistanceToo() async throws {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        parameters.addCategory("Hotel")
        parameters.maxResults = 3
        let byParameter = try await Fixtures.task().geocode(forSearchText: "", using: parameters)
        parameters.removeAllCategories()  // the same parameters, now without the filter
        let byText = try await Fixtures.task().geocode(forSearchText: "hotels", using: parameters)
        #expect(byParameter.map(\.label) == byText.map(\.label))
        #expect(byParameter.count == 3)
    }

    @Test func gasStationsAreGasStationsOrNothing() async throws {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        parameters.addResultAttributeName("Type")
        for text in ["gas station", "petrol station", "fuel"] {
            let results = try await Fixtures.task().geocode(forSearchText: text, using: parameters)
            #expect(results.allSatisfy { $0.attributeValues["Type"]?.stringValue == "Gas Station" })
        }
    }

    @Test func withoutAPointCategoriesRankByImportance() async throws {
        let parameters = GeocodeParameters()
        parameters.maxResults = 5
        parameters.addResultAttributeName("*")
        parameters.addCategory("City")
        let cities = try await Fixtures.task().geocode(forSearchText: "", using: parameters)
        let populations = cities.compactMap { $0.attributeValues["Rank"]?.doubleValue }
        #expect(populations == populations.sorted())
        #expect(
            cities.contains {
                $0.label.hasPrefix("Shanghai") || $0.label.hasPrefix("Beijing") || $0.label.hasPrefix("Tokyo")
            })
    }

    @Test func searchAreaIsAHardFilterAndOutputCanBeWebMercator() async throws {
        let area = Envelope(xmin: 24.940, ymin: 60.166, xmax: 24.946, ymax: 60.170)
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        parameters.searchArea = area
        parameters.outputSpatialReference = .webMercator
        parameters.maxResults = 50
        let results = try await Fixtures.task().geocode(forSearchText: "food", using: parameters)
        #expect(!results.isEmpty)
        for result in results {
            let location = try #require(result.displayLocation)
            #expect(location.spatialReference == .webMercator)
            #expect(area.contains(location))
            // The access point, on a street within 100 m, in the same reference.
            let route = try #require(result.routeLocation)
            #expect(route.spatialReference == .webMercator)
            #expect(route.distance(to: location) <= 100.01)
        }
    }

    @Test func aCountryFilterStillGivesTheNearestOfThatCountry() async throws {
        let city = try #require(CategoryTree.world["City"])
        let estonian = try allPlaces(in: Fixtures.defaultGazetteerURL(), category: city).filter { $0.country == "EST" }
        let truth = estonian.map { Fixtures.helsinkiCentre.distance(to: $0.location) }.sorted().prefix(5)
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        parameters.addCategory("City")
        parameters.countryCode = "EE"
        parameters.maxResults = 5
        parameters.addResultAttributeNames(["Country", "Distance"])
        let results = try await Fixtures.task().geocode(forSearchText: "", using: parameters)
        #expect(results.count == 5)
        #expect(results.allSatisfy { $0.attributeValues["Country"] == "EST" })
        let got = results.compactMap { $0.attributeValues["Distance"]?.doubleValue }
        #expect(zip(got, truth).allSatisfy { abs($0 - $1) < 0.01 })
    }

    @Test func rejectsOutOfRangeParameters() async throws {
        let task = try Fixtures.task()
        for (change, fragment) in [
            ({ (p: GeocodeParameters) in p.maxResults = 0 }, "maxResults"),
            ({ (p: GeocodeParameters) in p.maxResults = 51 }, "maxResults"),
            ({ (p: GeocodeParameters) in p.minScore = 101 }, "minScore"),
            (
                { (p: GeocodeParameters) in p.preferredSearchLocation = Point(latitude: 91, longitude: 0) },
                "preferredSearchLocation"
            ),
            ({ (p: GeocodeParameters) in p.addCategory("Spaceport") }, "Spaceport"),
            ({ (p: GeocodeParameters) in p.addResultAttributeName("Nonsense") }, "Nonsense"),
            ({ (p: GeocodeParameters) in p.countryCode = "Atlantis" }, "Atlantis"),
        ] {
            let parameters = GeocodeParameters()
            change(parameters)
            await #expect {
                _ = try await task.geocode(forSearchText: "cafe", using: parameters)
            } throws: { error in
                (error as? LocatorError)?.code == .invalidParameter && "\(error)".contains(fragment)
            }
        }
    }
}
