import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// `GET /map/towns`: the map page's town labels, checked against the raw GeoNames file read by
/// a parser of its own (``RawGeoNames``): in a box, the most populous places of `cities500`.
@Suite struct MapTownsTests {
    static func server() throws -> (HTTPServer, UInt16) {
        let server = HTTPServer(limits: .init()) { [routes = GeocodeServerRoutes(task: try Fixtures.task())] in
            routes.respond($0)
        }
        return (server, try server.start(host: "127.0.0.1", port: 0))
    }

    static func get(_ port: UInt16, _ query: String) throws -> (status: Int, headers: String, json: [String: Any]) {
        let answer = try #require(
            try RawHTTP.exchange(
                port: port, "GET /map/towns?\(query) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        let json = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))) as? [String: Any] ?? [:]
        return (answer.status, answer.headers, json)
    }

    /// The towns of an answer: name, population, longitude, latitude.
    static func towns(_ json: [String: Any]) -> [(name: String, population: Int, lon: Double, lat: Double)] {
        ((json["features"] as? [[String: Any]]) ?? []).compactMap { feature in
            let properties = feature["properties"] as? [String: Any] ?? [:]
            guard let name = properties["name"] as? String, let population = properties["population"] as? Double,
                let point = (feature["geometry"] as? [String: Any])?["coordinates"] as? [Double], point.count == 2
            else { return nil }
            return (name, Int(population), point[0], point[1])
        }
    }

    /// Boxes far apart, none in the street extract: around Nairobi, the Andes, Kyushu, the
    /// American Midwest, and the whole world.
    @Test(arguments: [
        (36.5, -1.6, 37.2, -0.9, 20), (-78.0, -13.0, -70.0, -8.0, 30), (129.5, 31.0, 132.0, 34.0, 25),
        (-97.0, 38.0, -88.0, 45.0, 50), (-180.0, -90.0, 180.0, 90.0, 15),
    ])
    func theTownsInABoxAreTheMostPopulousOfGeoNames(
        xmin: Double, ymin: Double, xmax: Double, ymax: Double, limit: Int
    ) throws {
        let (server, port) = try Self.server()
        defer { server.shutdown() }
        let answer = try Self.get(port, "bbox=\(xmin),\(ymin),\(xmax),\(ymax)&limit=\(limit)")
        #expect(answer.status == 200)
        #expect(answer.headers.lowercased().contains("application/geo+json"))
        let got = Self.towns(answer.json)
        let raw = RawGeoNames.shared.places.filter {
            (xmin...xmax).contains($0.longitude) && (ymin...ymax).contains($0.latitude)
        }.sorted { $0.population > $1.population }
        #expect(raw.count > limit && got.count == limit, "\(raw.count) raw places, \(got.count) answered")
        #expect(got.map(\.population) == got.map(\.population).sorted(by: >), "not largest first")
        // The same populations, place for place; names where no other place has that population.
        #expect(got.map(\.population) == raw.prefix(limit).map(\.population))
        let cut = raw[limit - 1].population
        let sure = raw.prefix(limit).filter { $0.population > cut }
        for place in sure {
            // Two places may share a name and population (GeoNames has both Githunguri): by place.
            let match = got.first {
                $0.name == place.name && $0.population == place.population && abs($0.lat - place.latitude) < 1e-4
                    && abs($0.lon - place.longitude) < 1e-4
            }
            #expect(match != nil, "\(place.name) (\(place.population)) at \(place.location) is missing")
        }
        #expect(sure.count >= limit / 2)
    }

    @Test func theDefaultIsTwoHundredAndTheLimitIsBounded() throws {
        let (server, port) = try Self.server()
        defer { server.shutdown() }
        #expect(Self.towns(try Self.get(port, "bbox=-180,-90,180,90").json).count == 200)
        for (query, words) in [
            ("bbox=-180,-90,180,90&limit=501", "limit"), ("bbox=-180,-90,180,90&limit=0", "limit"),
            ("bbox=10,10,5,20", "xmin <= xmax"), ("bbox=1,2,3", "xmin,ymin,xmax,ymax"), ("", "bbox is required"),
            ("bbox=0,0,200,10", "xmin,ymin,xmax,ymax"), ("bbox=nan,0,1,1", "xmin,ymin,xmax,ymax"),
        ] {
            let answer = try Self.get(port, query)
            let details = ((answer.json["error"] as? [String: Any])?["details"] as? [String]) ?? []
            #expect(
                answer.status == 400 && (answer.json["error"] as? [String: Any])?["code"] as? Int == 400, "\(query)")
            #expect(details.count == 1 && details[0].contains(words), "\(query): \(details)")
        }
    }

    @Test func anEmptyBoxHasNoTowns() throws {
        let (server, port) = try Self.server()
        defer { server.shutdown() }
        // The middle of the South Pacific.
        let answer = try Self.get(port, "bbox=-130,-40,-125,-35")
        #expect(answer.status == 200 && answer.json["features"] as? [Any] != nil)
        #expect(Self.towns(answer.json).isEmpty)
        #expect(
            RawGeoNames.shared.places.allSatisfy {
                !((-130.0)...(-125.0)).contains($0.longitude) || !((-40.0)...(-35.0)).contains($0.latitude)
            })
    }
}
