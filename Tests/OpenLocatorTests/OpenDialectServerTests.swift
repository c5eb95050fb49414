import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// Every parameter of docs/api.md's Nominatim and Photon tables against a real server on
/// 127.0.0.1 over the default gazetteer.
@Suite struct OpenDialectServerTests {
    static let mirror = Result { try GazetteerMirror.start() }

    /// The status and decoded JSON body of a GET.
    static func get(_ target: String, headers: String = "") throws -> (status: Int, body: Any, text: String) {
        let response = try LocatorServerTests.get(try mirror.get().port, target, headers: headers)
        let body =
            (try? JSONSerialization.jsonObject(with: Data(response.body.utf8), options: [.fragmentsAllowed]))
            ?? NSNull()
        return (response.status, body, response.body)
    }

    static func places(_ target: String, headers: String = "") throws -> [[String: Any]] {
        let answer = try get(target, headers: headers)
        try #require(answer.status == 200, "\(answer.text)")
        return try #require(answer.body as? [[String: Any]], "\(answer.text)")
    }

    static func features(_ target: String) throws -> [[String: Any]] {
        let answer = try get(target)
        try #require(answer.status == 200, "\(answer.text)")
        let collection = try #require(answer.body as? [String: Any], "\(answer.text)")
        #expect(collection["type"] as? String == "FeatureCollection")
        return try #require(collection["features"] as? [[String: Any]])
    }

    /// A refusal: HTTP 400 and a one-line message in the dialect's error body.
    static func expectRefused(_ target: String, saying words: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let answer = try get(target)
        #expect(answer.status == 400, "\(target): \(answer.text)", sourceLocation: sourceLocation)
        let body = answer.body as? [String: Any]
        let message = (body?["error"] as? [String: Any])?["message"] as? String ?? body?["message"] as? String ?? ""
        #expect(
            message.contains(words) && !message.contains("\n"), "\(target): \(answer.text)",
            sourceLocation: sourceLocation)
    }

    static func point(_ place: [String: Any]) -> Point {
        Point(
            latitude: Double(place["lat"] as? String ?? "") ?? .nan,
            longitude: Double(place["lon"] as? String ?? "") ?? .nan)
    }

    // MARK: - Nominatim /search

    @Test func searchAnswersInEachFormat() throws {
        let jsonv2 = try Self.places("/search?q=Stockmann&limit=1")  // jsonv2 is the default
        #expect(jsonv2.first?["category"] as? String == "shop" && jsonv2.first?["place_rank"] as? Int == 30)
        let json = try Self.places("/search?q=Stockmann&limit=1&format=json")
        #expect(json.first?["class"] as? String == "shop" && json.first?["lat"] is String)
        let box = try #require(json.first?["boundingbox"] as? [String])
        #expect(box.count == 4 && Double(box[0])! < Double(box[1])!)
        let geojson = try Self.features("/search?q=Stockmann&limit=1&format=geojson")
        #expect((geojson.first?["properties"] as? [String: Any])?["display_name"] as? String != nil)
        #expect((geojson.first?["bbox"] as? [Double])?.count == 4)
        let geocodejson = try Self.get("/search?q=Stockmann&limit=1&format=geocodejson").body as? [String: Any]
        #expect((geocodejson?["geocoding"] as? [String: Any])?["query"] as? String == "Stockmann")
        let feature = (geocodejson?["features"] as? [[String: Any]])?.first
        let geocoding = (feature?["properties"] as? [String: Any])?["geocoding"] as? [String: Any]
        #expect(geocoding?["osm_key"] as? String == "shop" && geocoding?["country_code"] as? String == "fi")
        try Self.expectRefused("/search?q=Stockmann&format=xml", saying: "format 'xml' is not served")
        // The same paths with .php and below /nominatim.
        #expect(try Self.places("/search.php?q=Stockmann&limit=1").count == 1)
        #expect(try Self.places("/nominatim/search?q=Stockmann&limit=1").count == 1)
    }

    @Test func structuredSearchReadsItsFieldsAndRefusesThemBesideQ() throws {
        let found = try Self.places("/search?street=Mannerheimintie%2010&city=Helsinki&format=json&addressdetails=1")
        let address = try #require(found.first?["address"] as? [String: Any])
        #expect(address["road"] as? String == "Mannerheimintie" && address["house_number"] as? String == "10")
        let inMaine = try Self.places("/search?city=Portland&state=Maine&format=json&limit=1")
        #expect((inMaine.first?["display_name"] as? String)?.contains("Maine") == true)
        try Self.expectRefused("/search?q=x&city=Helsinki", saying: "cannot be used together with 'q'")
        try Self.expectRefused("/search?format=json", saying: "nothing to search for")
    }

    @Test func limitCountryCodesAndViewboxShapeTheAnswer() throws {
        #expect(try Self.places("/search?q=cafe&limit=2").count == 2)
        #expect(try Self.places("/search?q=cafe&limit=1000").count == NominatimRoutesLimit.max)
        let british = try Self.places("/search?q=Portland&countrycodes=gb&addressdetails=1")
        try #require(!british.isEmpty)
        #expect(british.allSatisfy { ($0["address"] as? [String: Any])?["country_code"] as? String == "gb" })
        let two = try Self.places("/search?q=Portland&countrycodes=us,au&addressdetails=1&limit=20")
        let codes = Set(two.compactMap { ($0["address"] as? [String: Any])?["country_code"] as? String })
        #expect(codes == ["us", "au"], "\(codes)")
        try Self.expectRefused("/search?q=Portland&countrycodes=usa", saying: "alpha-2")
        // An unbounded viewbox prefers what is inside it: Portland, Maine, from a box around it.
        let preferred = try Self.places("/search?q=Portland&viewbox=-70.4,43.6,-70.1,43.75&limit=1")
        #expect(
            Self.point(try #require(preferred.first)).distance(to: Point(latitude: 43.66, longitude: -70.26)) < 5_000)
        try Self.expectRefused("/search?q=Portland&viewbox=1,2,3", saying: "viewbox must be four numbers")
    }

    @Test func languageAndDetailsOptions() throws {
        let header = try Self.places("/search?q=Helsinki&limit=1", headers: "Accept-Language: sv-FI,sv;q=0.9\r\n")
        #expect((header.first?["name"] as? String) == "Helsingfors")
        let parameter = try Self.places(
            "/search?q=Helsinki&limit=1&accept-language=fi", headers: "Accept-Language: sv\r\n")
        #expect((parameter.first?["name"] as? String) == "Helsinki")
        let plain = try Self.places("/search?q=Stockmann&limit=1")
        #expect(plain.first?["address"] == nil && plain.first?["namedetails"] == nil)
        let detailed = try Self.places("/search?q=Stockmann&limit=1&addressdetails=1&namedetails=1&extratags=1")
        #expect((detailed.first?["address"] as? [String: Any])?["shop"] as? String == "Stockmann")
        #expect((detailed.first?["namedetails"] as? [String: Any])?["name"] as? String == "Stockmann")
        #expect(detailed.first?["extratags"] is [String: Any])
        try Self.expectRefused("/search?q=Stockmann&addressdetails=maybe", saying: "addressdetails must be 0 or 1")
    }

    @Test func layerFeatureTypeAndExcludedPlacesFilter() throws {
        let pois = try Self.places("/search?q=Stockmann&layer=poi&limit=40")
        try #require(!pois.isEmpty)
        #expect(pois.allSatisfy { $0["place_rank"] as? Int == 30 && $0["category"] as? String != "place" })
        let addresses = try Self.places("/search?q=Mannerheimintie&layer=address&limit=40")
        try #require(!addresses.isEmpty)
        #expect(addresses.allSatisfy { ["place", "highway"].contains($0["category"] as? String) })
        try Self.expectRefused("/search?q=x&layer=roads", saying: "unknown layer 'roads'")
        let cities = try Self.places("/search?q=Portland&featureType=city&limit=40")
        try #require(!cities.isEmpty)
        #expect(cities.allSatisfy { $0["category"] as? String == "place" && $0["place_rank"] as? Int ?? 30 < 20 })
        let countries = try Self.places("/search?q=Finland&featureType=country")
        #expect(countries.count == 1 && countries.first?["type"] as? String == "country", "\(countries)")
        let states = try Self.places("/search?q=Texas&featureType=state")
        #expect(!states.isEmpty && states.allSatisfy { $0["type"] as? String == "state" }, "\(states)")
        try Self.expectRefused("/search?q=x&featureType=planet", saying: "unknown featureType")
        let first = try #require(try Self.places("/search?q=Portland&limit=3").first?["place_id"] as? Int)
        let rest = try Self.places("/search?q=Portland&limit=3&exclude_place_ids=\(first)")
        #expect(!rest.isEmpty && !rest.contains { $0["place_id"] as? Int == first })
        try Self.expectRefused("/search?q=x&exclude_place_ids=abc", saying: "exclude_place_ids")
    }

    @Test func jsonCallbackWrapsTheAnswer() throws {
        let answer = try Self.get("/search?q=Stockmann&limit=1&json_callback=show")
        #expect(answer.text.hasPrefix("/**/show([") && answer.text.hasSuffix(");"))
        #expect(try Self.get("/search?q=Stockmann&json_callback=alert(1)").status == 400)
    }

    // MARK: - Nominatim /reverse, /lookup, /status

    @Test func reverseAnswersAtTheZoomAsked() throws {
        let here = "lat=60.1687&lon=24.9416"
        let building = try #require(try Self.get("/reverse?\(here)").body as? [String: Any])
        #expect(Self.point(building).distance(to: Point(latitude: 60.1687, longitude: 24.9416)) <= 100)
        #expect(
            (building["address"] as? [String: Any])?["city"] as? String == "Helsinki", "addressdetails is 1 by default")
        let street = try #require(try Self.get("/reverse?\(here)&zoom=17").body as? [String: Any])
        #expect(street["addresstype"] as? String == "road", "\(street)")
        let town = try #require(try Self.get("/reverse?\(here)&zoom=10&format=json").body as? [String: Any])
        #expect(town["class"] as? String == "place" && town["name"] as? String == "Helsinki", "\(town)")
        let sea = try Self.get("/reverse?lat=0&lon=-30")
        #expect(sea.status == 200 && (sea.body as? [String: Any])?["error"] as? String == "Unable to geocode")
        #expect(try Self.features("/reverse?\(here)&format=geojson").count == 1)
        try Self.expectRefused("/reverse?lat=60.1", saying: "lat and lon are required")
        try Self.expectRefused("/reverse?lat=abc&lon=1", saying: "lat must be a number")
        try Self.expectRefused("/reverse?lat=95&lon=1", saying: "within -90 and 90")
    }

    @Test func lookupFindsOSMObjectsByTheirIDs() throws {
        let rows = try OpenDialectClientTests.rows("source LIKE 'osm:%' AND addr_type = 'POI' ORDER BY id LIMIT 2")
        try #require(rows.count == 2)
        let ids = rows.map { row -> String in
            let (type, id) = OpenDialectClientTests.osm(row.source)!
            return "\(type.prefix(1).uppercased())\(id)"
        }
        let found = try Self.places("/lookup?osm_ids=\(ids[1]),N1,\(ids[0].lowercased())&format=json")
        #expect(found.map { $0["source_id"] as? String } == [rows[1].source, rows[0].source])
        #expect(Self.point(found[0]).distance(to: rows[1].location) < 1)
        try Self.expectRefused("/lookup?osm_ids=X12", saying: "type letter")
        try Self.expectRefused("/lookup", saying: "osm_ids is required")
        let many = (1...51).map { "N\($0)" }.joined(separator: ",")
        try Self.expectRefused("/lookup?osm_ids=\(many)", saying: "at most 50")
    }

    @Test func statusSaysTheServerIsUp() throws {
        let text = try Self.get("/status")
        #expect(text.status == 200 && text.text == "OK")
        let json = try #require(try Self.get("/status.php?format=json").body as? [String: Any])
        #expect(json["status"] as? Int == 0 && json["message"] as? String == "OK")
        #expect(json["database_version"] as? String == String(GazetteerSchema.version))
        try Self.expectRefused("/status?format=xml", saying: "use text or json")
    }

    // MARK: - Photon

    @Test func photonSearchTakesItsParameters() throws {
        let found = try Self.features("/photon/api?q=Stockmann&limit=1")
        let properties = try #require(found.first?["properties"] as? [String: Any])
        #expect(properties["osm_key"] as? String == "shop" && properties["countrycode"] as? String == "FI")
        #expect(try Self.features("/api?q=Stockmann&limit=1").count == 1, "/api at the root too")
        #expect(try Self.features("/photon/api?q=cafe&limit=500").count == 50)
        let swedish = try Self.features("/photon/api?q=Helsinki&limit=1&lang=sv")
        #expect((swedish.first?["properties"] as? [String: Any])?["name"] as? String == "Helsingfors")
        // lat/lon bias: Portland, Maine from near it.
        let biased = try Self.features("/photon/api?q=Portland&lat=43.66&lon=-70.26&limit=1")
        let coordinates = try #require((biased.first?["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        #expect(
            Point(latitude: coordinates[1], longitude: coordinates[0]).distance(
                to: Point(latitude: 43.66, longitude: -70.26)) < 5_000)
        let box = Envelope(xmin: 24.93, ymin: 60.16, xmax: 24.95, ymax: 60.175)
        let inBox = try Self.features("/photon/api?q=cafe&bbox=24.93,60.16,24.95,60.175&limit=50")
        try #require(!inBox.isEmpty)
        #expect(
            inBox.allSatisfy { feature in
                let c = (feature["geometry"] as? [String: Any])?["coordinates"] as? [Double] ?? [0, 0]
                return box.contains(Point(latitude: c[1], longitude: c[0]))
            })
        let refusals = [
            ("/photon/api", "missing search term 'q'"), ("/photon/api?q=x&bbox=1,2", "bbox must be four numbers"),
            ("/photon/api?q=x&lat=60", "lat and lon are required"), ("/photon/api?q=x&osm_tag=!", "osm_tag must be"),
            ("/photon/api?q=x&layer=planet", "unknown layer 'planet'"),
        ]
        for (target, words) in refusals { try Self.expectRefused(target, saying: words) }
    }

    @Test func anEmptyPhotonSearchSaysWhereTheDataHasPOIs() throws {
        let london = try #require(
            try Self.get("/photon/api?q=cafe&lat=51.5074&lon=-0.1278&limit=3").body as? [String: Any])
        #expect((london["features"] as? [Any])?.isEmpty == true)
        let summary = (london["coverage"] as? [String: Any])?["summary"] as? String ?? ""
        #expect(summary.hasPrefix("No Coffee Shop within") && summary.contains("Helsinki"), "\(london)")
        let helsinki = try #require(
            try Self.get("/photon/api?q=cafe&lat=60.17&lon=24.94&limit=3").body as? [String: Any])
        #expect((helsinki["features"] as? [Any])?.count == 3 && helsinki["coverage"] == nil)
    }

    @Test func photonOSMTagAndLayerFilters() throws {
        func values(_ target: String) throws -> [String] {
            try Self.features(target).map { ($0["properties"] as? [String: Any])?["osm_value"] as? String ?? "" }
        }
        let cafes = try values("/photon/api?q=cafe&osm_tag=amenity:cafe&lat=60.17&lon=24.94&limit=10")
        #expect(cafes.count == 10 && cafes.allSatisfy { $0 == "cafe" })
        let byValue = try values("/photon/api?q=cafe&osm_tag=:cafe&lat=60.17&lon=24.94&limit=10")
        #expect(byValue.count == 10 && byValue.allSatisfy { $0 == "cafe" })
        let street = try values("/photon/api?q=Aleksanterinkatu&limit=20")
        #expect(street.contains("road"), "the street itself, among its addresses")
        let notStreets = try values("/photon/api?q=Aleksanterinkatu&osm_tag=!highway&limit=20")
        #expect(!notStreets.isEmpty && !notStreets.contains("road"))
        let cities = try Self.features("/photon/api?q=Portland&layer=city&limit=20")
        try #require(!cities.isEmpty)
        #expect(cities.allSatisfy { ($0["properties"] as? [String: Any])?["type"] as? String == "city" })
        // A town's feature names its city (itself), state and country, as Photon's clients read them.
        for city in cities {
            let properties = city["properties"] as? [String: Any] ?? [:]
            #expect(
                properties["city"] as? String == properties["name"] as? String && properties["state"] != nil
                    && properties["country"] != nil && properties["countrycode"] != nil, "\(properties)")
        }
        // A district's names the city it lies in: Kamppi is in Helsinki.
        let kamppi = try Self.features("/photon/api?q=Kamppi&layer=district&limit=1").first
        #expect((kamppi?["properties"] as? [String: Any])?["city"] as? String == "Helsinki")
    }

    @Test func photonReverseTakesRadiusLimitAndLayer() throws {
        let here = Point(latitude: 60.1687, longitude: 24.9416)
        let near = try Self.features("/photon/reverse?lat=60.1687&lon=24.9416&limit=5&radius=0.3")
        #expect(near.count == 5)
        for feature in near {
            let c = try #require((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
            #expect(Point(latitude: c[1], longitude: c[0]).distance(to: here) <= 300)
        }
        let streets = try Self.features("/photon/reverse?lat=60.1687&lon=24.9416&layer=street")
        #expect(streets.count == 1 && (streets.first?["properties"] as? [String: Any])?["type"] as? String == "street")
        #expect(try Self.features("/photon/reverse?lat=0&lon=-30").isEmpty)
        try Self.expectRefused("/photon/reverse?lat=60&lon=24&radius=-1", saying: "radius must be a positive")
    }

    @Test func acceptedAndIgnoredParametersChangeNothing() throws {
        let nominatim = try Self.get("/search?q=Stockmann&limit=3").text
        let ignored = "&polygon_geojson=1&email=a%40b.c&dedupe=0&debug=0"
        #expect(try Self.get("/search?q=Stockmann&limit=3\(ignored)").text == nominatim)
        let photon = try Self.get("/photon/api?q=Stockmann&limit=3").text
        #expect(try Self.get("/photon/api?q=Stockmann&limit=3&location_bias_scale=0.5&zoom=12&dedupe=1").text == photon)
    }

    @Test func tagLayersStructuredAmenityAndLookupDetails() throws {
        // railway, natural and manmade keep only POIs with those tags.
        for (layer, keys) in [
            ("railway", ["railway"]), ("natural", ["natural", "waterway"]),
            ("manmade", ["man_made", "bridge", "tunnel"]),
        ] {
            let found = try Self.places("/search?q=Helsinki&layer=\(layer)&limit=40")
            #expect(found.allSatisfy { keys.contains($0["category"] as? String ?? "") }, "\(layer): \(found)")
        }
        let stations = try Self.places("/search?q=Rautatientori&layer=railway&limit=40")
        #expect(!stations.isEmpty && stations.allSatisfy { $0["category"] as? String == "railway" }, "\(stations)")
        let amenity = try Self.places("/search?amenity=Stockmann&city=Helsinki&limit=1")
        #expect(amenity.first?["name"] as? String == "Stockmann")
        let rows = try OpenDialectClientTests.rows("name = 'Stockmann' AND addr_type = 'POI' AND source LIKE 'osm:%'")
        let stockmann = try #require(rows.first)
        let (type, id) = try #require(OpenDialectClientTests.osm(stockmann.source))
        let looked = try Self.places("/lookup?osm_ids=\(type.prefix(1).uppercased())\(id)&addressdetails=1")
        #expect((looked.first?["address"] as? [String: Any])?["country_code"] as? String == "fi")
    }

    @Test func reverseLayersAndPhotonReverseTags() throws {
        let here = "lat=60.1687&lon=24.9416"
        let poi = try #require(try Self.get("/reverse?\(here)&layer=poi").body as? [String: Any])
        #expect(poi["place_rank"] as? Int == 30 && poi["category"] as? String != "place", "\(poi)")
        let address = try #require(try Self.get("/reverse?\(here)&layer=address").body as? [String: Any])
        #expect(address["category"] as? String == "place" && address["type"] as? String == "house", "\(address)")
        let cafes = try Self.features("/photon/reverse?\(here)&osm_tag=amenity:cafe&limit=3")
        #expect(cafes.count == 3)
        #expect(cafes.allSatisfy { ($0["properties"] as? [String: Any])?["osm_value"] as? String == "cafe" })
    }

    // MARK: - Both

    /// Hostile and broken requests: never a 5xx, never a crash, a one-line message naming
    /// what was wrong, and nothing of the server's insides.
    @Test(arguments: [
        "/search?q=%00%01", "/search?q=" + String(repeating: "a", count: 5_000), "/search?q=x&limit=abc",
        "/search?q=x&limit=-5", "/search?q=x&viewbox=inf,1,2,3", "/search?q=x&viewbox=nan,1,2,3",
        "/search?q=x&countrycodes=%27;drop", "/search?q=x&countrycodes=zz", "/search?q=x&accept-language=%27%22<>",
        "/reverse?lat=nan&lon=1", "/reverse?lat=1e400&lon=1", "/reverse?lat=1&lon=2&zoom=99",
        "/lookup?osm_ids=N99999999999999999999", "/lookup?osm_ids=N-1", "/lookup?osm_ids=,,,",
        "/photon/api?q=x&lat=1e999&lon=1", "/photon/api?q=x&osm_tag=::", "/photon/api?q=x&bbox=1,2,1,2",
        "/photon/reverse?lat=1&lon=2&radius=1e308", "/photon/reverse?lat=1&lon=2&limit=99999999999999999999",
        "/status?format=%3Cscript%3E",
    ])
    func hostileRequestsGetOneLineAnswersNeverA5xx(target: String) throws {
        let answer = try Self.get(target)
        #expect(answer.status < 500, "\(target): \(answer.status) \(answer.text.prefix(200))")
        #expect(
            !answer.text.contains("SQLITE") && !answer.text.contains("/work/") && !answer.text.contains(".gazetteer"))
        if answer.status == 400 {
            let body = answer.body as? [String: Any]
            let message = (body?["error"] as? [String: Any])?["message"] as? String ?? body?["message"] as? String
            #expect(message.map { !$0.isEmpty && !$0.contains("\n") } == true, "\(target): \(answer.text)")
        }
    }

    @Test func aKeyedServerAsksTheOpenDialectsForItsKeyToo() throws {
        let keyed = try GazetteerMirror.start(apiKey: "s3cret")
        defer { keyed.stop() }
        for target in ["/search?q=Stockmann", "/photon/api?q=Stockmann"] {
            #expect(try LocatorServerTests.get(keyed.port, target).status == 401)
            #expect(try LocatorServerTests.get(keyed.port, target + "&key=s3cret").status == 200)
            #expect(try LocatorServerTests.get(keyed.port, target + "&token=s3cret").status == 200)
            #expect(
                try LocatorServerTests.get(keyed.port, target, headers: "Authorization: Bearer s3cret\r\n").status
                    == 200)
        }
    }

    @Test func theArcGISAttributesCarryTheSourceID() throws {
        let rows = try OpenDialectClientTests.rows("name = 'Stockmann' AND addr_type = 'POI'")
        let answer = try LocatorServerTests.json(
            try LocatorServerTests.get(
                try Self.mirror.get().port,
                "\(GeocodeServerRoutes.servicePath)/findAddressCandidates?singleLine=Stockmann&outFields=Source_id&f=json&maxLocations=1"
            ).body)
        let candidate = try #require((answer["candidates"] as? [[String: Any]])?.first)
        let source = (candidate["attributes"] as? [String: Any])?["Source_id"] as? String
        #expect(rows.contains { $0.source == source }, "\(source ?? "none")")
    }
}

/// The cap of Nominatim's `limit`, as the server applies it.
enum NominatimRoutesLimit {
    static let max = 40
}
