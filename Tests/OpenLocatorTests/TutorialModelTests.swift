import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// The ArcGIS Maps SDK for Swift "Find places" tutorial's model, re-typed here with only its
/// geocoding parts (the map, the graphics overlay and the symbols become plain values), to
/// show that code written for the SDK compiles against OpenLocator and behaves the same.
final class FindPlacesModel {
    /// The tutorial's category picker.
    enum Category: CaseIterable {
        case coffeeShop, gasStation, food, hotel, parksOutdoors

        var label: String {
            switch self {
            case .coffeeShop: "Coffee shop"
            case .gasStation: "Gas station"
            case .food: "Food"
            case .hotel: "Hotel"
            case .parksOutdoors: "Parks and Outdoors"
            }
        }

        var color: String {
            switch self {
            case .coffeeShop: "brown"
            case .gasStation: "orange"
            case .food: "purple"
            case .hotel: "blue"
            case .parksOutdoors: "green"
            }
        }
    }

    /// A marker: where it is drawn, the result's attributes, its colour.
    struct Graphic {
        var geometry: Point?
        var attributes: [String: any Sendable]
        var color: String
    }

    let locator: LocatorTask
    private(set) var graphics: [Graphic] = []
    /// The map's centre, as the tutorial takes it from the visible area.
    var searchPoint: Point?

    init(locator: LocatorTask) { self.locator = locator }

    func visibleAreaChanged(to extent: Envelope) { searchPoint = extent.center }

    func findPlaces(forCategory category: Category) async throws {
        graphics.removeAll()
        let geocodeParameters = GeocodeParameters()
        geocodeParameters.addCategory(category.label)
        geocodeParameters.maxResults = 25
        geocodeParameters.preferredSearchLocation = searchPoint
        geocodeParameters.addResultAttributeNames(["PlaceName", "Place_addr"])
        let geocodeResults = try await locator.geocode(forSearchText: "", using: geocodeParameters)
        graphics = geocodeResults.map {
            Graphic(geometry: $0.displayLocation, attributes: $0.attributes, color: category.color)
        }
    }

    /// The callout of a tapped marker.
    func calloutText(for graphic: Graphic) -> String {
        let placeName = graphic.attributes["PlaceName"] as? String ?? "Unknown"
        let placeAddress = graphic.attributes["Place_addr"] as? String ?? "no address provided"
        return "\(placeName)\n\(placeAddress)"
    }
}

@Suite struct TutorialModelTests {
    /// Around central Helsinki, as a map view would report it.
    static let visibleArea = Envelope(xmin: 24.925, ymin: 60.163, xmax: 24.952, ymax: 60.177)

    /// For each of the tutorial's categories: markers nearest first, the first one the nearest
    /// place of the category by a scan of the gazetteer's table, and callouts that read the
    /// attributes (never "Unknown" for a place the data names).
    @Test(arguments: FindPlacesModel.Category.allCases)
    func eachCategoryDrawsTheNearestPlacesWithTheirCallouts(category: FindPlacesModel.Category) async throws {
        let model = FindPlacesModel(locator: try Fixtures.task())
        model.visibleAreaChanged(to: Self.visibleArea)
        let centre = try #require(model.searchPoint)
        #expect(abs(centre.latitude - 60.170) < 1e-9 && abs(centre.longitude - 24.9385) < 1e-9)
        try await model.findPlaces(forCategory: category)

        let tree = CategoryTree.world
        let kind = try #require(tree[category.label])
        let truth = try allPlaces(in: Fixtures.defaultGazetteerURL(), category: kind)
            .filter { !$0.name.isEmpty }
            .sorted { centre.distance(to: $0.location) < centre.distance(to: $1.location) }
        guard let nearest = truth.first, centre.distance(to: nearest.location) <= GeocodeParameters.defaultMaxDistance
        else {
            // The extract has none (no fuel station in central Helsinki's OSM data): no markers.
            #expect(model.graphics.isEmpty, "\(category.label)")
            return
        }
        #expect(!model.graphics.isEmpty && model.graphics.count <= 25)
        #expect(model.graphics.allSatisfy { $0.color == category.color })
        let distances = model.graphics.compactMap { $0.geometry.map(centre.distance(to:)) }
        #expect(distances == distances.sorted())
        let first = try #require(model.graphics.first)
        let lines = model.calloutText(for: first).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2)
        #expect(String(lines[0]) == nearest.name, "\(category.label)")
        #expect(abs(distances[0] - centre.distance(to: nearest.location)) < 1)
        #expect(!model.graphics.contains { model.calloutText(for: $0).hasPrefix("Unknown\n") })
    }

    /// Outside the extract: at the tutorial's own map (Malibu) and in Tokyo no category has a
    /// place within reach, so no markers; the towns GeoNames has everywhere read the same way.
    @Test func elsewhereInTheWorldTheModelDrawsNothingAndTownsReadByName() async throws {
        for extent in [
            Envelope(xmin: -118.84, ymin: 34.00, xmax: -118.77, ymax: 34.05),
            Envelope(xmin: 139.68, ymin: 35.66, xmax: 139.72, ymax: 35.70),
        ] {
            let model = FindPlacesModel(locator: try Fixtures.task())
            model.visibleAreaChanged(to: extent)
            for category in FindPlacesModel.Category.allCases {
                try await model.findPlaces(forCategory: category)
                #expect(model.graphics.isEmpty, "\(category.label) near \(extent.center)")
            }
        }
        let parameters = GeocodeParameters()
        parameters.addResultAttributeName("*")
        for (text, city) in [("Malibu", "Malibu"), ("Nairobi", "Nairobi"), ("Portland, ME", "Portland")] {
            let result = try #require(try await Fixtures.task().geocode(forSearchText: text, using: parameters).first)
            #expect(result.attributes["PlaceName"] as? String == city, "\(text)")
            #expect((result.attributes["Score"] as? Double ?? 0) >= 90, "\(text)")
        }
    }

    /// A result with no name or address gives the tutorial's fallbacks, as the SDK's does.
    @Test func aResultWithoutNameOrAddressReadsUnknownAndNoAddressProvided() {
        let model = FindPlacesModel(locator: LocatorTask(url: URL(string: "http://127.0.0.1:9/GeocodeServer")!))
        let bare = FindPlacesModel.Graphic(geometry: nil, attributes: ["Score": 100.0], color: "brown")
        #expect(model.calloutText(for: bare) == "Unknown\nno address provided")
    }

    /// Attributes read with `as?` in the type ArcGIS gives them; the typed values agree.
    @Test func attributesReadAsStringDoubleAndInt() async throws {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        parameters.addResultAttributeName("*")
        let result = try #require(
            try await Fixtures.task().geocode(forSearchText: "coffee shop", using: parameters).first)
        let name = try #require(result.attributes["PlaceName"] as? String)
        #expect(name == result.attributeValues["PlaceName"]?.stringValue && !name.isEmpty)
        let distance = try #require(result.attributes["Distance"] as? Double)
        #expect(distance == result.attributeValues["Distance"]?.doubleValue && distance < 200)
        #expect(result.attributes["Score"] as? Double == result.score)
        let rank = try #require(result.attributes["Rank"] as? Int)
        #expect((0...20).contains(rank))
        // Setting through `attributes` keeps each value's kind.
        var edited = result
        edited.attributes["Note"] = "checked"
        edited.attributes["Floors"] = 3
        #expect(edited.attributeValues["Note"] == .string("checked"))
        #expect(edited.attributeValues["Floors"] == .integer(3))
        #expect(edited.attributeValues["PlaceName"] == result.attributeValues["PlaceName"])
    }

    /// One parameters object shared by many calls on two tasks at once (the embedded gazetteer
    /// and a server on 127.0.0.1 answering from it), while a caller changes it: each call reads
    /// one whole set of values, so every answer is the answer for 3 or for 7 results.
    @Test func parametersAreSafeToShareAcrossTasksWhileTheyChange() async throws {
        let server = HTTPServer(limits: .init()) { [routes = GeocodeServerRoutes(task: try Fixtures.task())] in
            routes.respond($0)
        }
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.shutdown() }
        let remote = LocatorTask(url: URL(string: "http://127.0.0.1:\(port)\(GeocodeServerRoutes.servicePath)")!)
        let local = try Fixtures.task()
        let shared = GeocodeParameters()
        shared.preferredSearchLocation = Fixtures.helsinkiCentre
        shared.addCategory("Coffee Shop")
        shared.maxResults = 3
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<40 {
                group.addTask {
                    if index % 10 == 5 { shared.maxResults = shared.maxResults == 3 ? 7 : 3 }
                    let task = index.isMultiple(of: 2) ? local : remote
                    return try await task.geocode(forSearchText: "", using: shared).count
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts.count == 40)
        #expect(counts.allSatisfy { $0 == 3 || $0 == 7 }, "\(counts)")
    }

    /// `locatorInfo` says what each backend holds and reads, the remote one from the service's
    /// description (which `locator serve` fills from its gazetteer).
    @Test func locatorInfoDescribesBothBackends() async throws {
        let local = try await Fixtures.task().locatorInfo
        let truthCount = try allPlaces(in: Fixtures.defaultGazetteerURL(), category: CategoryTree.world.roots[0]).count
        #expect(truthCount > 0)
        #expect(local.supportsPOI && local.supportsAddresses && local.supportsIntersections)
        #expect(local.searchAttributes.map(\.name) == LocatorTask.searchValueFields)
        #expect(local.resultAttributes.contains { $0.name == "PlaceName" && $0.type == .string })
        #expect(local.resultAttributes.contains { $0.name == "Distance" && $0.type == .double })
        let placeCount = try #require(local.placeCount)
        #expect(placeCount == local.categoryCounts.values.reduce(0, +) && placeCount > truthCount)

        let server = HTTPServer(limits: .init()) { [routes = GeocodeServerRoutes(task: try Fixtures.task())] in
            routes.respond($0)
        }
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.shutdown() }
        let remote = try await LocatorTask(
            url: URL(string: "http://127.0.0.1:\(port)\(GeocodeServerRoutes.servicePath)")!
        ).locatorInfo
        #expect(remote.placeCount == local.placeCount)
        #expect(remote.supportsPOI && remote.supportsAddresses && remote.supportsIntersections)
        #expect(remote.searchAttributes.map(\.name) == local.searchAttributes.map(\.name))
        #expect(remote.resultAttributes.map(\.name) == ["Shape"] + local.resultAttributes.map(\.name))
        #expect(remote.resultAttributes.first { $0.name == "Score" }?.isRequired == true)
        #expect(remote.properties["SuggestedBatchSize"] == "150")
    }

    /// `isForStorage` goes to a service as ArcGIS's `forStorage=true`; `locator serve` accepts
    /// it (open data may be stored under its licences) and refuses a value that is no flag.
    @Test func isForStorageIsSentAndAccepted() throws {
        let parameters = GeocodeParameters()
        parameters.isForStorage = true
        let sent = RemoteBackend.request("Helsinki", parameters.snapshot).parameters
        #expect(sent.pairs.contains { $0.name == "forStorage" && $0.value == "true" })
        #expect(
            !RemoteBackend.request("Helsinki", GeocodeOptions()).parameters.pairs.contains { $0.name == "forStorage" })

        let server = HTTPServer(limits: .init()) { [routes = GeocodeServerRoutes(task: try Fixtures.task())] in
            routes.respond($0)
        }
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.shutdown() }
        func get(_ query: String) throws -> (status: Int, body: String) {
            let answer = try #require(
                try RawHTTP.exchange(
                    port: port,
                    "GET \(GeocodeServerRoutes.servicePath)/findAddressCandidates?singleLine=Helsinki&\(query)&f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                ))
            return (answer.status, answer.body)
        }
        let stored = try get("forStorage=true")
        #expect(stored.status == 200 && stored.body.contains(#""address":"Helsinki"#), "\(stored.body.prefix(200))")
        let odd = try get("forStorage=perhaps")
        #expect(odd.body.contains(#""code":400"#) && odd.body.contains("forStorage must be true or false"))
    }

    /// A gazetteer of GeoNames towns only finds no POIs and no addresses, and says so.
    @Test func aGazetteerOfTownsOnlySupportsNeitherPOIsNorAddresses() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let cities = folder.appendingPathComponent("cities500.txt")
        try [
            "658225\tHelsinki\tHelsinki\tHelsingfors\t60.16952\t24.93545\tP\tPPLC\tFI\t\t01\t091\t\t\t558457\t\t26\tEurope/Helsinki\t2019-01-01",
            "3117735\tMadrid\tMadrid\t\t40.4165\t-3.70256\tP\tPPLC\tES\t\t29\tM\t28079\t\t3255944\t\t665\tEurope/Madrid\t2019-01-01",
        ].joined(separator: "\n").write(to: cities, atomically: true, encoding: .utf8)
        let towns = folder.appendingPathComponent("towns.gazetteer")
        _ = try GazetteerBuilder(osm: [], geoNames: [cities], categoryMapping: Fixtures.categoryMapping).build(
            to: towns)
        let info = try await LocatorTask(gazetteer: towns).locatorInfo
        #expect(!info.supportsPOI && !info.supportsAddresses && !info.supportsIntersections)
        #expect(info.placeCount == 2)
    }
}
