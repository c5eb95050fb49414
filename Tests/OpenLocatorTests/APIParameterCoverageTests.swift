import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// The rows of docs/api.md's parameter tables that had no test of their own (issue 26), each
/// sent to one real server on 127.0.0.1 over the default gazetteer. What an answer should be
/// is read from the gazetteer's tables (places, categories, translations), not from the server.
@Suite struct APIParameterCoverageTests {
    static let mirror = Result { try GazetteerMirror.start() }
    static let path = GeocodeServerRoutes.servicePath

    // MARK: - Requests

    /// A GET's status, headers and body.
    static func fetch(_ target: String, headers: String = "") throws -> (status: Int, headers: String, body: String) {
        try LocatorServerTests.get(try mirror.get().port, target, headers: headers)
    }

    /// An ArcGIS operation's answer to a GET; `f=json` unless `query` gives an `f` (the first wins).
    static func arcgis(_ operation: String, _ query: String) throws -> [String: Any] {
        try LocatorServerTests.json(try fetch("\(path)/\(operation)?\(query)&f=json").body)
    }

    /// geocodeAddresses' answer to `records` (each one's attributes), POSTed as a form with `query`.
    static func geocodeAddresses(_ records: [[String: Any]], _ query: String = "") throws -> [[String: Any]] {
        let json = try JSONSerialization.data(withJSONObject: ["records": records.map { ["attributes": $0] }])
        let body = "addresses=\(WireParameters.escape(String(decoding: json, as: UTF8.self)))&f=json\(query)"
        let response = try #require(
            try RawHTTP.exchange(
                port: try mirror.get().port,
                "POST \(path)/geocodeAddresses HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            ))
        let answer = try LocatorServerTests.json(response.body)
        return try #require(answer["locations"] as? [[String: Any]], "\(response.body.prefix(300))")
    }

    /// A Nominatim or Photon answer's decoded body.
    static func open(_ target: String, headers: String = "") throws -> Any {
        let response = try fetch(target, headers: headers)
        try #require(response.status == 200, "\(target): \(response.body.prefix(300))")
        return try JSONSerialization.jsonObject(with: Data(response.body.utf8))
    }

    /// Photon's features, or a Nominatim GeoJSON answer's.
    static func features(_ target: String, headers: String = "") throws -> [[String: Any]] {
        let collection = try #require(try open(target, headers: headers) as? [String: Any])
        return try #require(collection["features"] as? [[String: Any]])
    }

    static func candidates(_ answer: [String: Any]) -> [[String: Any]] { ArcGISParameterTests.candidates(answer) }
    static func attributes(_ item: [String: Any]) -> [String: Any] { ArcGISParameterTests.attributes(item) }
    static func errorDetail(_ answer: [String: Any]) -> String? { ArcGISParameterTests.errorDetail(answer) }

    // MARK: - Truth from the gazetteer's tables

    typealias LonLat = (lon: Double, lat: Double)

    /// Every place's point the condition selects.
    static func points(_ condition: String, _ values: [SQLiteValue?] = []) throws -> [LonLat] {
        var found: [LonLat] = []
        try ArcGISParameterTests.database().statement("SELECT lon, lat FROM places WHERE \(condition)")
            .forEachRow(values) { found.append(($0.double(0), $0.double(1))) }
        return found
    }

    /// The one place the condition selects.
    static func point(_ condition: String, _ values: [SQLiteValue?] = []) throws -> LonLat {
        let found = try points(condition, values)
        try #require(found.count == 1, "one place is \(condition) \(values): \(found.count)")
        return found[0]
    }

    /// A Helsinki address point's location.
    static func address(_ street: String, _ number: String) throws -> LonLat {
        try point(
            "addr_type = 'PointAddress' AND street = ?1 AND house_number = ?2 AND city = 'Helsinki'",
            [.text(street), .text(number)])
    }

    /// The one text the query selects.
    static func text(_ sql: String, _ values: [SQLiteValue?] = []) throws -> String {
        var found: [String] = []
        try ArcGISParameterTests.database().statement(sql).forEachRow(values) { found.append($0.text(0)) }
        try #require(found.count == 1, "one value of \(sql) \(values): \(found)")
        return found[0]
    }

    /// A Finnish place name in Swedish, from the GeoNames translations the gazetteer keeps.
    static func swedish(_ name: String) throws -> String {
        try text(
            "SELECT translated FROM name_translations WHERE country = 'FIN' AND language = 'sv' AND name = ?1",
            [.text(name)])
    }

    /// Metres between an answer's point and a place's.
    static func metres(_ item: [String: Any], _ place: LonLat) -> Double {
        guard let p = ArcGISParameterTests.point(item) else { return .infinity }
        return ArcGISParameterTests.metres(p.x, p.y, place.lon, place.lat)
    }

    /// Metres between a GeoJSON feature's point and a place's.
    static func featureMetres(_ feature: [String: Any], _ place: LonLat) -> Double {
        guard let c = (feature["geometry"] as? [String: Any])?["coordinates"] as? [Double], c.count == 2 else {
            return .infinity
        }
        return ArcGISParameterTests.metres(c[0], c[1], place.lon, place.lat)
    }

    /// Web Mercator (EPSG:3857) metres of a WGS84 point, the spherical formula of its definition.
    static func webMercator(_ lon: Double, _ lat: Double) -> (x: Double, y: Double) {
        let r = 6_378_137.0
        return (r * lon * .pi / 180, r * log(tan(.pi / 4 + lat * .pi / 360)))
    }

    // MARK: - Every operation

    @Test func fHtmlIsAnsweredAsJSONByEveryOperation() throws {
        let records = WireParameters.escape(
            #"{"records":[{"attributes":{"OBJECTID":1,"SingleLine":"Mannerheimintie 10, Helsinki"}}]}"#)
        for (operation, query, key) in [
            ("", "", "capabilities"), ("/findAddressCandidates", "singleLine=Stockmann&maxLocations=2", "candidates"),
            ("/find", "text=Stockmann&maxLocations=2", "locations"), ("/suggest", "text=stockm", "suggestions"),
            ("/reverseGeocode", "location=24.9415,60.1685", "address"),
            ("/geocodeAddresses", "addresses=\(records)", "locations"),
        ] {
            let html = try Self.fetch("\(Self.path)\(operation)?\(query)&f=html")
            let json = try Self.fetch("\(Self.path)\(operation)?\(query)&f=json")
            #expect(html.status == 200 && html.headers.contains("Content-Type: application/json"), "\(operation)")
            #expect(html.body == json.body, "\(operation): f=html is the JSON answer")
            let answer = try LocatorServerTests.json(html.body)
            let value = answer[key]
            let filled = (value as? [Any]).map { !$0.isEmpty } ?? (value as? [String: Any]).map { !$0.isEmpty }
            #expect(filled ?? (value != nil), "\(operation): \(html.body.prefix(200))")
        }
        let other = try Self.arcgis("findAddressCandidates", "singleLine=Stockmann&f=kml")
        let message = (other["error"] as? [String: Any])?["message"] as? String
        #expect(message?.contains("Unsupported format 'kml'") == true, "\(other)")
    }

    @Test func geoJSONStaysInWGS84WhateverOutSRSays() throws {
        let query =
            "\(Self.path)/findAddressCandidates?singleLine=Mannerheimintie%2010%2C%20Helsinki&maxLocations=1&outFields=X,Y,DisplayX,DisplayY&f=geojson"
        let plain = try Self.fetch(query)
        for sr in ["3857", "102100", WireParameters.escape(#"{"wkid":3857}"#)] {
            #expect(try Self.fetch(query + "&outSR=\(sr)").body == plain.body, "outSR=\(sr)")
        }
        // The geometry and the point attributes alike, in degrees: the table's points.
        var truth: (lon: Double, lat: Double, accessLon: Double, accessLat: Double)?
        try ArcGISParameterTests.database().statement(
            "SELECT lon, lat, access_lon, access_lat FROM places WHERE addr_type = 'PointAddress' AND street = 'Mannerheimintie' AND house_number = '10' AND city = 'Helsinki'"
        ).forEachRow([]) { truth = ($0.double(0), $0.double(1), $0.double(2), $0.double(3)) }
        let row = try #require(truth)
        let collection = try LocatorServerTests.json(plain.body)
        #expect(collection["crs"] == nil, "RFC 7946 has no crs member")
        let feature = try #require((collection["features"] as? [[String: Any]])?.first)
        #expect(Self.featureMetres(feature, (row.lon, row.lat)) < 0.01)
        let properties = try #require(feature["properties"] as? [String: Any])
        func degrees(_ x: String, _ y: String) -> Double {
            ArcGISParameterTests.metres(
                properties[x] as? Double ?? 0, properties[y] as? Double ?? 0, row.lon, row.lat)
        }
        #expect(degrees("DisplayX", "DisplayY") < 0.01)
        let access = ArcGISParameterTests.metres(
            properties["X"] as? Double ?? 0, properties["Y"] as? Double ?? 0, row.accessLon, row.accessLat)
        #expect(access < 0.01, "X/Y: the street access point, in degrees")
        // A wrong outSR is still refused.
        let bad = try LocatorServerTests.json(try Self.fetch(query + "&outSR=999999").body)
        #expect(Self.errorDetail(bad)?.contains("WKID 999999") == true, "\(bad)")
        // The other operations have no GeoJSON: f=geojson is their JSON, in outSR.
        let reverse = "\(Self.path)/reverseGeocode?location=24.9415,60.1685&featureTypes=PointAddress"
        let inDegrees = try #require(
            ArcGISParameterTests.point(try LocatorServerTests.json(try Self.fetch(reverse + "&f=json").body)))
        let asGeoJSON = try Self.fetch(reverse + "&outSR=3857&f=geojson")
        #expect(asGeoJSON.body == (try Self.fetch(reverse + "&outSR=3857&f=json").body))
        let answer = try LocatorServerTests.json(asGeoJSON.body)
        let inMetres = try #require(ArcGISParameterTests.point(answer))
        let expected = Self.webMercator(inDegrees.x, inDegrees.y)
        #expect(abs(inMetres.x - expected.x) < 0.01 && abs(inMetres.y - expected.y) < 0.01, "\(inMetres)")
        let sr = (answer["location"] as? [String: Any])?["spatialReference"] as? [String: Any]
        #expect(sr?["wkid"] as? Int == 102100 && sr?["latestWkid"] as? Int == 3857, "Web Mercator as Esri publishes it")
    }

    // MARK: - findAddressCandidates

    @Test func eachMultifieldFieldIsReadAndAllAreJoinedInTheirOrder() throws {
        func found(_ query: String) throws -> [[String: Any]] {
            Self.candidates(
                try Self.arcgis("findAddressCandidates", query + "&outFields=Addr_type,Country&maxLocations=50"))
        }
        let house = try Self.address("Mannerheimintie", "10")
        let first = try #require(try found("city=Helsinki").first)
        #expect(Self.metres(first, house) > 100, "the city alone is not the address")
        for field in ["address", "address2", "address3"] {
            let top = try #require(try found("\(field)=Mannerheimintie%2010&city=Helsinki").first, "\(field)")
            #expect(Self.metres(top, house) < 0.01, "\(field)")
            #expect(Self.attributes(top)["Addr_type"] as? String == "PointAddress", "\(field)")
        }
        // The data has no neighbourhoods or subregions of its own, so these speak as words of
        // the text: a district's name alone finds the district.
        for (field, name) in [("neighborhood", "Kluuvi"), ("subregion", "Kamppi")] {
            let district = try Self.point("addr_type = 'Locality' AND name = ?1", [.text(name)])
            let top = try #require(try found("\(field)=\(name)").first, "\(field)")
            #expect(Self.metres(top, district) < 1, "\(field)")
        }
        #expect(try found("neighborhood=&subregion=").isEmpty, "no field given: nothing asked")
        for region in ["Oregon", "Maine"] {
            let town = try Self.point(
                "addr_type = 'Locality' AND name = 'Portland' AND region = ?1", [.text(region)])
            let top = try #require(try found("city=Portland&region=\(region)").first)
            #expect(Self.metres(top, town) < 1, "\(region)")
        }
        // countryCode: both Australian Portlands, and nothing outside Australia.
        let australian = try Self.points("addr_type = 'Locality' AND name = 'Portland' AND country = 'AUS'")
        #expect(australian.count == 2)
        for code in ["AU", "AUS"] {
            let inAustralia = try found("city=Portland&countryCode=\(code)")
            #expect(
                !inAustralia.isEmpty && inAustralia.allSatisfy { Self.attributes($0)["Country"] as? String == "AUS" })
            for town in australian { #expect(inAustralia.contains { Self.metres($0, town) < 1 }, "\(code)") }
        }
        // Joined in docs/api.md's order whatever order the query has; countryCode filters too.
        let fields = try found("countryCode=FI&postal=00100&region=Uusimaa&city=Helsinki&address=Mannerheimintie%2010")
        let line = try found(
            "singleLine=\(WireParameters.escape("Mannerheimintie 10, Helsinki, Uusimaa, 00100, FI"))&sourceCountry=FI")
        #expect(!fields.isEmpty && Self.metres(fields[0], house) < 0.01)
        #expect(fields.map { $0["address"] as? String } == line.map { $0["address"] as? String })
    }

    @Test func sourceCountryKeepsOnlyThatCountrysCandidates() throws {
        func found(_ query: String) throws -> [[String: Any]] {
            Self.candidates(
                try Self.arcgis(
                    "findAddressCandidates", "singleLine=Portland&outFields=Country&maxLocations=50\(query)"))
        }
        let everywhere = try found("")
        #expect(everywhere.contains { Self.attributes($0)["Country"] as? String != "GBR" })
        let british = try Self.points("addr_type = 'Locality' AND name = 'Portland' AND country = 'GBR'")
        try #require(!british.isEmpty)
        for code in ["GB", "GBR", "gbr"] {
            let inBritain = try found("&sourceCountry=\(code)")
            #expect(!inBritain.isEmpty && inBritain.allSatisfy { Self.attributes($0)["Country"] as? String == "GBR" })
            for town in british { #expect(inBritain.contains { Self.metres($0, town) < 1 }, "\(code)") }
        }
        let unknown = try Self.arcgis("findAddressCandidates", "singleLine=Portland&sourceCountry=XYZ")
        #expect(Self.errorDetail(unknown)?.contains("unknown countryCode 'XYZ'") == true, "\(unknown)")
    }

    @Test func anUnknownCategoryIsRefusedWithADidYouMeanByEveryOperation() throws {
        let records = WireParameters.escape(#"{"records":[{"attributes":{"OBJECTID":1,"SingleLine":"Stockmann"}}]}"#)
        for (operation, query) in [
            ("findAddressCandidates", "singleLine=Stockmann"), ("findAddressCandidates", ""),
            ("find", "text=Stockmann"),
            ("suggest", "text=sto"), ("suggest", "text=s"), ("geocodeAddresses", "addresses=\(records)"),
        ] {
            let refused = try Self.arcgis(operation, query + "&category=Cofee%20Shop")
            #expect(
                Self.errorDetail(refused) == "unknown category 'Cofee Shop'; did you mean 'Coffee Shop'?",
                "\(operation)?\(query): \(refused)")
            let second = try Self.arcgis(operation, query + "&category=Coffee%20Shop,Hotl")
            #expect(Self.errorDetail(second) == "unknown category 'Hotl'; did you mean 'Hotel'?", "\(operation)")
        }
    }

    // MARK: - find

    /// The places of the Coffee Shop category or any below it.
    static let coffeeShops =
        "category BETWEEN (SELECT code FROM categories WHERE name = 'Coffee Shop') AND (SELECT last_descendant FROM categories WHERE name = 'Coffee Shop')"

    @Test func findTakesMagicKeyCategorySourceCountryAndOutFields() throws {
        func locations(_ query: String) throws -> [[String: Any]] {
            try Self.arcgis("find", query)["locations"] as? [[String: Any]] ?? []
        }
        func feature(_ location: [String: Any]) -> [String: Any] { location["feature"] as? [String: Any] ?? [:] }
        func geometryMetres(_ location: [String: Any], _ place: LonLat) -> Double {
            let g = feature(location)["geometry"] as? [String: Any] ?? [:]
            return ArcGISParameterTests.metres(g["x"] as? Double ?? 0, g["y"] as? Double ?? 0, place.lon, place.lat)
        }
        // magicKey: the bus stop named Stockmann, which the text alone does not rank first.
        let stop = try Self.point(
            "name = 'Stockmann' AND category = (SELECT code FROM categories WHERE name = 'Bus Stop')")
        let plain = try #require(try locations("text=Stockmann").first)
        #expect(geometryMetres(plain, stop) > 10)
        let suggestions = try Self.arcgis("suggest", "text=stockm&location=24.9384,60.1699&maxSuggestions=15")
        let suggestion = try #require(
            (suggestions["suggestions"] as? [[String: Any]])?.first {
                ($0["text"] as? String)?.contains("Keskuskatu") == true
            })
        let keyed = try locations(
            "text=\(WireParameters.escape(suggestion["text"] as? String ?? ""))&magicKey=\(WireParameters.escape(suggestion["magicKey"] as? String ?? ""))"
        )
        #expect(keyed.count == 1 && keyed.first.map { geometryMetres($0, stop) < 0.01 } == true, "\(keyed)")
        // category: the five nearest coffee shops, by the test's own distances over the table.
        let (lon, lat) = (24.9384, 60.1699)
        let shops = try Self.points(Self.coffeeShops).map { ArcGISParameterTests.metres(lon, lat, $0.lon, $0.lat) }
            .sorted()
        let nearest = try locations(
            "category=Coffee%20Shop&location=\(lon),\(lat)&maxLocations=5&outFields=Type,Distance")
        #expect(nearest.count == 5)
        #expect(
            nearest.allSatisfy { (feature($0)["attributes"] as? [String: Any])?["Type"] as? String == "Coffee Shop" })
        let distances = nearest.map { (feature($0)["attributes"] as? [String: Any])?["Distance"] as? Double ?? -1 }
        #expect(zip(distances, shops.prefix(5)).allSatisfy { abs($0 - $1) < 1 }, "\(distances) vs \(shops.prefix(5))")
        // sourceCountry.
        let australian = try Self.points("addr_type = 'Locality' AND name = 'Portland' AND country = 'AUS'")
        let inAustralia = try locations("text=Portland&sourceCountry=AUS&outFields=Country&maxLocations=50")
        #expect(!inAustralia.isEmpty)
        #expect(
            inAustralia.allSatisfy { (feature($0)["attributes"] as? [String: Any])?["Country"] as? String == "AUS" })
        for town in australian { #expect(inAustralia.contains { geometryMetres($0, town) < 1 }) }
        // outFields: the attributes named, and Score (find has no score of its own elsewhere).
        let store = try #require(try locations("text=Stockmann&maxLocations=1&outFields=PlaceName,Type").first)
        let attributes = try #require(feature(store)["attributes"] as? [String: Any])
        #expect(Set(attributes.keys) == ["PlaceName", "Type", "Score"])
        let type = try Self.text(
            "SELECT c.name FROM places p JOIN categories c ON c.code = p.category WHERE p.name = 'Stockmann' AND p.street = 'Aleksanterinkatu'"
        )
        #expect(attributes["PlaceName"] as? String == "Stockmann" && attributes["Type"] as? String == type)
    }

    // MARK: - suggest

    /// The names of the places `condition` selects with a word starting with `prefix`.
    static func names(startingWith prefix: String, _ condition: String) throws -> Set<String> {
        var names: Set<String> = []
        try ArcGISParameterTests.database().statement("SELECT name FROM places WHERE \(condition)").forEachRow([]) {
            let name = $0.text(0)
            let words = name.lowercased().split { !$0.isLetter && !$0.isNumber }
            if words.contains(where: { $0.hasPrefix(prefix) }) { names.insert(name) }
        }
        return names
    }

    @Test func suggestTakesCategoryAndCountryCode() throws {
        func texts(_ query: String) throws -> [String] {
            (try Self.arcgis("suggest", query + "&maxSuggestions=15")["suggestions"] as? [[String: Any]] ?? [])
                .compactMap { $0["text"] as? String }
        }
        // category: every coffee shop with a word starting "sto", and nothing else.
        let all = try texts("text=sto&location=24.94,60.17")
        #expect(all.contains { $0.hasPrefix("Stockmann,") }, "\(all)")
        let shops = try Self.names(startingWith: "sto", Self.coffeeShops)
        try #require(!shops.isEmpty)
        let coffee = try texts("text=sto&location=24.94,60.17&category=Coffee%20Shop")
        #expect(Set(coffee.map { String($0.prefix { $0 != "," }) }) == shops, "\(coffee)")
        // countryCode: every Australian place with a word starting "portl", as ISO 2 or 3.
        var truth: Set<String> = []
        try ArcGISParameterTests.database().statement(
            "SELECT name, region, country FROM places WHERE country = 'AUS' AND lower(name) LIKE '%portl%'"
        ).forEachRow([]) { row in
            let words = row.text(0).lowercased().split { !$0.isLetter }
            if words.contains(where: { $0.hasPrefix("portl") }) {
                truth.insert("\(row.text(0)), \(row.text(1)), \(row.text(2))")
            }
        }
        #expect(truth.count >= 2 && truth.count <= 15)
        for code in ["AU", "AUS"] { #expect(Set(try texts("text=Portl&countryCode=\(code)")) == truth, "\(code)") }
        #expect(try texts("text=Portl").contains { !$0.hasSuffix(", AUS") }, "without it, other countries")
    }

    // MARK: - reverseGeocode

    @Test func reverseOutFieldsAnswerExactlyTheAttributesNamed() throws {
        let (lon, lat) = (24.9415, 60.1685)
        // The nearest address point, by brute force over the table.
        var nearest: (number: String, street: String, postal: String, city: String, metres: Double)?
        try ArcGISParameterTests.database().statement(
            "SELECT house_number, street, postal, city, lon, lat FROM places WHERE addr_type = 'PointAddress' AND lon BETWEEN ?1 AND ?2 AND lat BETWEEN ?3 AND ?4"
        ).forEachRow([.double(lon - 0.01), .double(lon + 0.01), .double(lat - 0.005), .double(lat + 0.005)]) { row in
            let metres = ArcGISParameterTests.metres(lon, lat, row.double(4), row.double(5))
            if metres < nearest?.metres ?? .infinity {
                nearest = (row.text(0), row.text(1), row.text(2), row.text(3), metres)
            }
        }
        let truth = try #require(nearest)
        let answer = try Self.arcgis(
            "reverseGeocode",
            "location=\(lon),\(lat)&featureTypes=PointAddress&outFields=AddNum,StName,postal,City,Distance")
        let address = Self.attributes(answer)
        #expect(Set(address.keys) == ["AddNum", "StName", "postal", "City", "Distance"], "as asked, in its spelling")
        #expect(address["AddNum"] as? String == truth.number && address["StName"] as? String == truth.street)
        #expect(address["postal"] as? String == truth.postal && address["City"] as? String == truth.city)
        #expect(abs((address["Distance"] as? Double ?? -1) - truth.metres) < 1)
        let every = Self.attributes(
            try Self.arcgis("reverseGeocode", "location=\(lon),\(lat)&featureTypes=PointAddress&outFields=*"))
        #expect(every.count > 10 && every["Match_addr"] != nil && every["AddNum"] as? String == truth.number)
        let unknown = try Self.arcgis("reverseGeocode", "location=\(lon),\(lat)&outFields=City,Colour")
        #expect(Self.errorDetail(unknown)?.contains("unknown result attribute 'Colour'") == true, "\(unknown)")
    }

    // MARK: - geocodeAddresses

    @Test func geocodeAddressesReadsMultifieldRecordsBesideAnEmptySingleLine() throws {
        let locations = try Self.geocodeAddresses(
            [
                ["OBJECTID": 1, "SingleLine": "", "Address": "Mannerheimintie 10", "City": "Helsinki"],
                ["OBJECTID": 2, "Address": "Mikonkatu 7", "Postal": "00100", "City": "Helsinki"],
                ["OBJECTID": 3, "singleline": "  ", "address": "Kaivokatu 1", "city": "Helsinki"],
                ["OBJECTID": 4, "SingleLine": "Aleksanterinkatu 52, Helsinki", "Address": "Mikonkatu 7"],
                ["OBJECTID": 5, "SingleLine": "", "Address": "", "City": ""],
                ["OBJECTID": 6, "City": "Portland", "Region": "Maine", "CountryCode": "USA"],
            ], "&outFields=Match_addr")
        let expected: [Int: LonLat] = [
            1: try Self.address("Mannerheimintie", "10"), 2: try Self.address("Mikonkatu", "7"),
            3: try Self.address("Kaivokatu", "1"), 4: try Self.address("Aleksanterinkatu", "52"),
            6: try Self.point("addr_type = 'Locality' AND name = 'Portland' AND region = 'Maine'"),
        ]
        let ids = locations.map { Self.attributes($0)["ResultID"] as? Int ?? 0 }
        #expect(ids == [1, 2, 3, 4, 5, 6])
        for location in locations {
            let id = Self.attributes(location)["ResultID"] as? Int ?? 0
            if let place = expected[id] {
                #expect(Self.attributes(location)["Status"] as? String == "M", "record \(id)")
                #expect(Self.metres(location, place) < 0.01, "record \(id): \(location)")
            } else {
                #expect(Self.attributes(location)["Status"] as? String == "U" && location["location"] == nil)
            }
        }
        // findAddressCandidates reads the same fields alike.
        let single = Self.candidates(
            try Self.arcgis("findAddressCandidates", "singleLine=&address=Mannerheimintie%2010&city=Helsinki"))
        #expect(single.first.map { Self.metres($0, expected[1]!) < 0.01 } == true)
    }

    @Test func geocodeAddressesTakesTheSearchParametersForEveryRecord() throws {
        func only(_ text: String, _ query: String) throws -> [String: Any] {
            let locations = try Self.geocodeAddresses(
                [["OBJECTID": 1, "SingleLine": text]], "&outFields=Match_addr,Type,Country,Distance\(query)")
            try #require(locations.count == 1)
            return locations[0]
        }
        func town(_ condition: String) throws -> LonLat {
            try Self.point("addr_type = 'Locality' AND name = 'Portland' AND \(condition)")
        }
        // category: Stockmann the bus stop, not the department store.
        let stop = try Self.point(
            "name = 'Stockmann' AND category = (SELECT code FROM categories WHERE name = 'Bus Stop')")
        #expect(Self.metres(try only("Stockmann", ""), stop) > 10)
        let byCategory = try only("Stockmann", "&category=Bus%20Stop")
        #expect(Self.metres(byCategory, stop) < 0.01 && Self.attributes(byCategory)["Type"] as? String == "Bus Stop")
        // sourceCountry: Britain's one Portland.
        #expect(Self.metres(try only("Portland", ""), try town("country = 'GBR'")) > 1000)
        #expect(Self.metres(try only("Portland", "&sourceCountry=GBR"), try town("country = 'GBR'")) < 1)
        // location: the nearest Portland, and Distance from the location.
        for (lon, lat, region) in [(-70.26, 43.66, "Maine"), (-122.68, 45.52, "Oregon")] {
            let near = try only("Portland", "&location=\(lon),\(lat)")
            let place = try town("region = '\(region)'")
            #expect(Self.metres(near, place) < 1, "\(region)")
            let distance = Self.attributes(near)["Distance"] as? Double ?? -1
            #expect(abs(distance - ArcGISParameterTests.metres(lon, lat, place.lon, place.lat)) < 1, "\(region)")
        }
        // searchExtent: only what lies inside (the table's only Portland in each box).
        for (box, condition) in [("-3,50,-2,51", "country = 'GBR'"), ("141,-39,142,-38", "region = 'Victoria'")] {
            let inside = try Self.points(
                "addr_type = 'Locality' AND name = 'Portland' AND lon BETWEEN ?1 AND ?3 AND lat BETWEEN ?2 AND ?4",
                box.split(separator: ",").map { SQLiteValue.double(Double($0)!) })
            #expect(inside.count == 1, "\(box)")
            #expect(Self.metres(try only("Portland", "&searchExtent=\(box)"), try town(condition)) < 1, "\(box)")
        }
        // langCode: names in Swedish where the data has them.
        let helsinki = try Self.swedish("Helsinki")
        #expect(Self.attributes(try only("Helsinki", ""))["Match_addr"] as? String == "Helsinki, Uusimaa")
        #expect(
            Self.attributes(try only("Helsinki", "&langCode=sv"))["Match_addr"] as? String == "\(helsinki), Uusimaa")
        let street = try Self.text(
            "SELECT DISTINCT names FROM places WHERE addr_type = 'StreetName' AND name = 'Aleksanterinkatu'")
        let swedishStreet = try #require(
            street.split(separator: "\n").first { $0.hasPrefix("sv:") }.map { String($0.dropFirst(3)) })
        let house = try only("Aleksanterinkatu 52, Helsinki", "&langCode=sv")
        #expect(Self.attributes(house)["Match_addr"] as? String == "\(swedishStreet) 52, 00100 \(helsinki)")
    }

    // MARK: - Nominatim

    static func search(_ query: String) throws -> [[String: Any]] {
        try #require(try open("/search?\(query)&format=json&addressdetails=1&limit=40") as? [[String: Any]])
    }

    static func nominatimMetres(_ place: [String: Any], _ truth: LonLat) -> Double {
        ArcGISParameterTests.metres(
            Double(place["lon"] as? String ?? "") ?? 0, Double(place["lat"] as? String ?? "") ?? 0, truth.lon,
            truth.lat)
    }

    static func countryCode(_ place: [String: Any]) -> String? {
        (place["address"] as? [String: Any])?["country_code"] as? String
    }

    @Test func structuredSearchReadsCountyPostalcodeAndCountry() throws {
        // postalcode: the postcode area alone, or beside a street.
        let area = try Self.point("addr_type = 'Postal' AND postal = '00130'")
        let postcode = try #require(try Self.search("postalcode=00130").first)
        #expect(Self.nominatimMetres(postcode, area) < 0.01 && postcode["type"] as? String == "postcode")
        #expect((postcode["address"] as? [String: Any])?["postcode"] as? String == "00130")
        let house = try #require(try Self.search("street=Mannerheimintie%2010&postalcode=00100").first)
        #expect(Self.nominatimMetres(house, try Self.address("Mannerheimintie", "10")) < 0.01)
        #expect((house["address"] as? [String: Any])?["postcode"] as? String == "00100")
        // country, by name or code: Australia's Portlands, none elsewhere.
        let australian = try Self.points("addr_type = 'Locality' AND name = 'Portland' AND country = 'AUS'")
        #expect(Self.countryCode(try #require(try Self.search("city=Portland").first)) != "au")
        for country in ["Australia", "au"] {
            let found = try Self.search("city=Portland&country=\(country)")
            #expect(!found.isEmpty && found.allSatisfy { Self.countryCode($0) == "au" }, "\(country)")
            for town in australian { #expect(found.contains { Self.nominatimMetres($0, town) < 1 }, "\(country)") }
        }
        // county: a part of the line in its place, between city and state.
        let victoria = try Self.point("addr_type = 'Locality' AND name = 'Portland' AND region = 'Victoria'")
        let county = try Self.search("city=Portland&county=Victoria")
        #expect(county.first.map { Self.nominatimMetres($0, victoria) < 1 } == true)
        #expect(
            try Self.fetch("/search?county=Victoria&city=Portland&format=json").body
                == (try Self.fetch("/search?q=Portland%2C%20Victoria&format=json").body))
        // All in the documented order, whatever order the query has.
        let scrambled = try Self.fetch(
            "/search?country=Finland&postalcode=00100&county=Helsinki&city=Helsinki&street=Mannerheimintie%2010&format=json"
        )
        let line = try Self.fetch(
            "/search?q=\(WireParameters.escape("Mannerheimintie 10, Helsinki, Helsinki, 00100, Finland"))&format=json")
        #expect(scrambled.body == line.body)
        let first = (try JSONSerialization.jsonObject(with: Data(scrambled.body.utf8)) as? [[String: Any]])?.first
        let house10 = try Self.address("Mannerheimintie", "10")
        #expect(first.map { Self.nominatimMetres($0, house10) < 0.01 } == true)
    }

    @Test func lookupGivesNameDetailsAndExtraTags() throws {
        var stores: [(id: String, name: String)] = []
        try ArcGISParameterTests.database().statement(
            "SELECT source, name FROM places WHERE name = 'Stockmann' AND source LIKE 'osm:%' ORDER BY id"
        ).forEachRow([]) { row in
            let (type, id) = OpenDialectClientTests.osm(row.text(0))!
            stores.append(("\(type.prefix(1).uppercased())\(id)", row.text(1)))
        }
        try #require(stores.count == 2)
        let ids = stores.map(\.id).joined(separator: ",")
        for format in ["json", "jsonv2"] {
            let plain = try #require(try Self.open("/lookup?osm_ids=\(ids)&format=\(format)") as? [[String: Any]])
            #expect(plain.count == 2 && plain.allSatisfy { $0["namedetails"] == nil && $0["extratags"] == nil })
            let detailed = try #require(
                try Self.open("/lookup?osm_ids=\(ids)&format=\(format)&namedetails=1&extratags=1") as? [[String: Any]])
            #expect(detailed.count == 2)
            for (place, store) in zip(detailed, stores) {
                #expect((place["namedetails"] as? [String: String]) == ["name": store.name], "\(format)")
                #expect((place["extratags"] as? [String: Any])?.isEmpty == true, "\(format)")
            }
        }
        let features = try Self.features("/lookup?osm_ids=\(ids)&format=geojson&namedetails=1&extratags=1")
        #expect(features.count == 2)
        for (feature, store) in zip(features, stores) {
            let properties = feature["properties"] as? [String: Any] ?? [:]
            #expect((properties["namedetails"] as? [String: String]) == ["name": store.name], "geojson")
            #expect((properties["extratags"] as? [String: Any])?.isEmpty == true, "geojson")
        }
        let onlyNames = try #require(try Self.open("/lookup?osm_ids=\(ids)&namedetails=1") as? [[String: Any]])
        #expect(onlyNames.count == 2 && onlyNames.allSatisfy { $0["namedetails"] != nil && $0["extratags"] == nil })
    }

    // MARK: - Photon

    static func properties(_ feature: [String: Any]) -> [String: Any] { feature["properties"] as? [String: Any] ?? [:] }

    @Test func photonLangNamesPlacesInTheLanguageAskedOrTheirOwn() throws {
        let helsinki = try Self.point("addr_type = 'Locality' AND name = 'Helsinki' AND country = 'FIN'")
        let swedish = try Self.swedish("Helsinki")
        #expect(swedish != "Helsinki")
        let city = "/photon/reverse?lat=\(helsinki.lat)&lon=\(helsinki.lon)&layer=city"
        func name(_ target: String, headers: String = "") throws -> String? {
            let features = try Self.features(target, headers: headers)
            #expect(features.first.map { Self.featureMetres($0, helsinki) < 1 } == true, "\(target)")
            return features.first.map { Self.properties($0)["name"] as? String ?? "" }
        }
        #expect(try name(city) == "Helsinki")
        #expect(try name(city + "&lang=sv") == swedish)
        let header = "Accept-Language: sv\r\n"
        #expect(try name(city, headers: header) == swedish, "the header when no lang")
        #expect(try name(city + "&lang=default", headers: header) == "Helsinki", "default: the place's own name")
        #expect(try name("/photon/api?q=Helsinki&limit=1&lang=default", headers: header) == "Helsinki")
        #expect(try name("/photon/api?q=Helsinki&limit=1", headers: header) == swedish)
        // A reverse answer's address parts too: the street's Swedish name from its own names.
        let here = "/photon/reverse?lat=60.1687&lon=24.9416"
        let finnish = Self.properties(try #require(try Self.features(here).first))
        let street = try #require(finnish["street"] as? String)
        let names = try Self.text(
            "SELECT DISTINCT names FROM places WHERE addr_type = 'StreetName' AND name = ?1", [.text(street)])
        let swedishStreet = try #require(
            names.split(separator: "\n").first { $0.hasPrefix("sv:") }.map { String($0.dropFirst(3)) })
        let inSwedish = Self.properties(try #require(try Self.features(here + "&lang=sv").first))
        let source = try #require(finnish["source_id"] as? String)
        #expect(inSwedish["source_id"] as? String == source, "the same place")
        #expect(inSwedish["street"] as? String == swedishStreet && inSwedish["city"] as? String == swedish)
    }

    @Test func photonLayerIsCommaSeparatedOrRepeated() throws {
        for (base, two) in [
            ("/photon/api?q=Mannerheimintie&limit=50", ["street", "house"]),
            ("/photon/reverse?lat=60.1687&lon=24.9416&limit=20&radius=2", ["street", "city"]),
        ] {
            let comma = try Self.fetch(base + "&layer=\(two.joined(separator: ","))")
            let repeated = try Self.fetch(base + two.map { "&layer=\($0)" }.joined())
            #expect(comma.status == 200 && comma.body == repeated.body, "\(base)")
            let types = try Self.features(base + "&layer=\(two.joined(separator: ","))").map {
                Self.properties($0)["type"] as? String ?? ""
            }
            #expect(Set(types) == Set(two), "\(base): \(types)")
            let streets = try Self.features(base + "&layer=street").map { Self.properties($0)["type"] as? String }
            #expect(!streets.isEmpty && Set(streets) == ["street"], "\(base)")
        }
    }
}
