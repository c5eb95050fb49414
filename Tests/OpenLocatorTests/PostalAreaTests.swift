import Foundation
import Testing

@testable import OpenLocator

/// Postal areas gathered from the postcodes of a build's addresses, in the shapes countries
/// write them, found by code (with a locality or country) and by reverse `Postal`.
@Suite struct PostalAreaTests {
    @Test func postcodesOfEveryShapeAreRecognizedAndNotesAreNot() {
        for code in ["00150", "SW1A 1AA", "1012 AB", "K1A 0B1", "12345-6789", "D02 X285", "75008", "100-0005"] {
            #expect(PostalAreas.postcode(code) == code, "\(code)")
        }
        #expect(PostalAreas.postcode(" sw1a  1aa ") == "SW1A 1AA")
        for junk in ["", "none", "00150;00160", "00150, 00160", "1", "ABC", "1234567890123", "0015O 🏠"] {
            #expect(PostalAreas.postcode(junk) == nil, "\(junk)")
        }
        #expect(PostalAreas.key("SW1A 1AA") == PostalAreas.key("SW1A1AA"))
    }

    /// A gazetteer of addresses in four countries' postcode shapes.
    static let gazetteer: Result<URL, any Error> = Result {
        let folder = try Fixtures.temporaryDirectory()
        let rows = [
            "LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH",
            "-0.1410,51.5010,1,The Mall,,London,,,SW1A 1AA,,",
            "-0.1420,51.5014,2,The Mall,,London,,,SW1A 1AA,,",
            "-0.1430,51.5018,3,The Mall,,London,,,SW1A 1AA,,",
            "-0.1440,51.5022,4,The Mall,,London,,,sw1a1aa,,",
            "4.8910,52.3730,10,Damstraat,,Amsterdam,,,1012 AB,,",
            "4.8920,52.3734,12,Damstraat,,Amsterdam,,,1012AB,,",
            "-89.6500,39.8000,100,Main St,,Springfield,,,62701,,",
            "-89.6510,39.8010,102,Main St,,Springfield,,,62701,,",
            "-89.6520,39.8020,104,Main St,,Springfield,,,00150;00160,,",
        ]
        let csv = folder.appendingPathComponent("addresses.csv")
        try rows.joined(separator: "\n").write(to: csv, atomically: false, encoding: .utf8)
        var builder = GazetteerBuilder(osm: [], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        builder.openAddressesFiles = [csv]
        let url = folder.appendingPathComponent("postal.gazetteer")
        let report = try builder.build(to: url)
        #expect(report.counts["Postal"] == 3)
        return url
    }

    static func find(_ text: String) async throws -> GeocodeResult? {
        let parameters = GeocodeParameters()
        parameters.addResultAttributeName("*")
        return try await LocatorTask(gazetteer: gazetteer.get()).geocode(forSearchText: text, using: parameters).first
    }

    @Test(arguments: [
        ("SW1A 1AA", "SW1A 1AA"), ("sw1a1aa", "SW1A 1AA"), ("SW1A 1AA London", "SW1A 1AA"),
        ("London SW1A 1AA", "SW1A 1AA"), ("1012AB", "1012 AB"), ("1012 AB Amsterdam", "1012 AB"),
        ("62701", "62701"), ("Springfield 62701", "62701"),
    ])
    func aPostcodeFindsItsArea(query: String, code: String) async throws {
        let first = try #require(try await Self.find(query), "\(query)")
        #expect(text(first, "Addr_type") == "Postal")
        #expect(text(first, "PlaceName") == code)
        #expect(text(first, "Postal") == code)
    }

    @Test func theAreaLiesAmongItsAddressesAndNamesItsTown() async throws {
        let area = try #require(try await Self.find("SW1A 1AA"))
        let location = try #require(area.displayLocation)
        // The median of the four points: between the second and third.
        #expect(abs(location.x - -0.1425) < 1e-9 && abs(location.y - 51.5016) < 1e-9)
        #expect(text(area, "City") == "London")
        #expect(area.label.contains("SW1A 1AA") && area.label.contains("London"), "\(area.label)")
    }

    /// The answer's extent holds every address of the area (and the map zooms to them).
    @Test func theAreasExtentHoldsItsAddresses() async throws {
        let area = try #require(try await Self.find("SW1A 1AA"))
        let extent = try #require(area.extent)
        for (lon, lat) in [(-0.1410, 51.5010), (-0.1420, 51.5014), (-0.1430, 51.5018), (-0.1440, 51.5022)] {
            #expect(extent.contains(Point(latitude: lat, longitude: lon)), "\(lon),\(lat) outside \(extent)")
        }
        #expect(extent.xmax - extent.xmin < 0.01, "\(extent)")
    }

    /// An OSM `boundary=postal_code` area is the postal area of its code, at its middle with
    /// its extent: the addresses with that code elsewhere do not make another.
    @Test func anOSMPostalBoundaryIsTheArea() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let pbf = folder.appendingPathComponent("boundary.osm.pbf")
        let address = { (number: String) in
            ["addr:street": "Rajakatu", "addr:housenumber": number, "addr:postcode": "99990"]
        }
        try TinyPBF.osm(
            nodes: [
                (1, 66.00, 25.00, [:]), (2, 66.00, 25.10, [:]), (3, 66.05, 25.10, [:]), (4, 66.05, 25.00, [:]),
                (5, 66.20, 25.50, address("1")), (6, 66.20, 25.51, address("2")),
            ],
            ways: [(10, [1, 2, 3, 4, 1], [:])],
            relations: [(20, [(10, "outer")], ["type": "boundary", "boundary": "postal_code", "postal_code": "99990"])]
        ).write(to: pbf)
        let target = folder.appendingPathComponent("boundary.gazetteer")
        try GazetteerBuilder(osm: [pbf], geoNames: [], categoryMapping: Fixtures.categoryMapping).build(to: target)
        let parameters = GeocodeParameters()
        parameters.addResultAttributeName("*")
        let found = try await LocatorTask(gazetteer: target).geocode(forSearchText: "99990", using: parameters)
        let areas = found.filter { text($0, "Addr_type") == "Postal" }
        #expect(areas.count == 1, "\(found.map(\.label))")
        let location = try #require(areas.first?.displayLocation)
        #expect(abs(location.y - 66.025) < 1e-6 && abs(location.x - 25.05) < 1e-6, "\(location)")
        let extent = try #require(areas.first?.extent)
        #expect(extent.contains(Point(latitude: 66.0, longitude: 25.0)))
        #expect(extent.contains(Point(latitude: 66.05, longitude: 25.1)))
        #expect(!extent.contains(Point(latitude: 66.2, longitude: 25.5)))
    }

    @Test func aListOfCodesMakesNoArea() async throws {
        let first = try await Self.find("00150")
        #expect(first.map { text($0, "Addr_type") } != "Postal")
    }

    @Test func reverseWithPostalAnswersTheNearestArea() async throws {
        let parameters = ReverseGeocodeParameters()
        parameters.featureTypes = [.postal]
        parameters.addResultAttributeName("*")
        let task = LocatorTask(gazetteer: try Self.gazetteer.get())
        let near = try await task.reverseGeocode(
            forLocation: Point(latitude: 52.3740, longitude: 4.8930), parameters: parameters)
        #expect(near.first.map { text($0, "Postal") } == "1012 AB")
        let far = try await task.reverseGeocode(forLocation: Point(latitude: 10, longitude: 10), parameters: parameters)
        #expect(far.isEmpty, "no postal area within 3 km")
    }

    @Test func theCLIAndTheServerAnswerPostcodes() throws {
        let path = try Self.gazetteer.get().path
        let cli = try CLI.run(["find", "1012AB", "--gazetteer", path, "--format", "json"])
        #expect(cli.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any]
        let candidates = json?["candidates"] as? [[String: Any]]
        let attributes = candidates?.first?["attributes"] as? [String: Any]
        #expect(attributes?["Addr_type"] as? String == "Postal", "\(cli.stdout.prefix(300))")
        let (process, port, _) = try ServeCommandTests.launch(gazetteer: Self.gazetteer.get())
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let service = "/arcgis/rest/services/World/GeocodeServer"
        let answer = try #require(
            try RawHTTP.exchange(
                port: port,
                "GET \(service)/reverseGeocode?location=-0.142,51.5015&featureTypes=Postal&f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            ))
        #expect(answer.body.contains(#""Postal":"SW1A 1AA""#), "\(answer.body.prefix(300))")
    }
}
