import Foundation
import Testing

@testable import OpenLocator

/// The ArcGIS REST wire types without a network: strict out, tolerant in.
@Suite struct WireTests {
    @Test func parameterNamesMatchInAnyCaseAndValuesSurviveEncoding() throws {
        let sent = WireParameters([("singleLine", "a&b=c+d, é/ü"), ("outSR", "102100")])
        let received = WireParameters(formEncoded: sent.formEncoded)
        #expect(received["SINGLELINE"] == "a&b=c+d, é/ü")
        #expect(received["outSr"] == "102100")
        #expect(try received.spatialReference("outsr") == .webMercator)
        #expect(WireParameters(formEncoded: "text=caf%C3%A9+latte&x=")["TEXT"] == "café latte")
        #expect(WireParameters(formEncoded: "text=caf%C3%A9+latte&x=").nonEmpty("x") == nil)
    }

    @Test func jsonTextEscapesWhatItMustAndRoundTripsThroughFoundation() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{7} NUL \u{0} café 東京 😀"
        let value = JSONValue.object([
            ("text", .string(text)), ("integers", .array([.number(0), .number(-42), .number(9_007_199_254_740_991)])),
            ("fraction", .number(-0.125)), ("big", .number(1e20)), ("missing", .number(.nan)),
            ("flags", .array([.bool(true), .bool(false), .null])), ("empty", .object([])), ("none", .array([])),
        ])
        let compact = value.serialized()
        #expect(compact.hasPrefix(#"{"text":"quote \" backslash \\ newline \n tab \t bell \u0007 NUL \u0000 café"#))
        #expect(compact.contains(#""integers":[0,-42,9007199254740991],"fraction":-0.125,"big":1e+20"#))
        #expect(compact.hasSuffix(#""missing":"NaN","flags":[true,false,null],"empty":{},"none":[]}"#))
        let decoded = try #require(JSONSerialization.jsonObject(with: Data(value.utf8())) as? [String: Any])
        #expect(decoded["text"] as? String == text)
        let pretty = value.serialized(pretty: true)
        #expect(pretty.hasPrefix("{\n  \"text\": \"quote"))
        #expect(pretty.contains("\"integers\": [\n    0,\n    -42,"))
        let reparsed = try #require(JSONSerialization.jsonObject(with: Data(pretty.utf8)) as? [String: Any])
        #expect(reparsed["fraction"] as? Double == -0.125)
    }

    @Test func geometryParametersReadEveryDocumentedForm() throws {
        let p = WireParameters([
            ("location", "24.9384,60.1699"), ("l2", #"{"x":2776000,"y":8437000,"spatialReference":{"wkid":102100}}"#),
            ("e1", "24.9,60.1,25.0,60.2"),
            ("e2", #"{"xmin":24.9,"ymin":60.1,"xmax":25.0,"ymax":60.2,"spatialReference":{"wkid":4326}}"#),
            ("bad", "91,abc"), ("far", "24,95"), ("sr", #"{"wkid":4326}"#),
        ])
        #expect(try p.point("location") == Point(latitude: 60.1699, longitude: 24.9384))
        #expect(try p.point("l2")?.spatialReference == .webMercator)
        #expect(try p.envelope("e1") == Envelope(xmin: 24.9, ymin: 60.1, xmax: 25.0, ymax: 60.2))
        #expect(try p.envelope("e2") == Envelope(xmin: 24.9, ymin: 60.1, xmax: 25.0, ymax: 60.2))
        #expect(try p.spatialReference("sr") == .wgs84)
        #expect(throws: LocatorError.self) { try p.point("bad") }
        #expect(throws: LocatorError.self) { try p.point("far") }
        #expect(throws: LocatorError.self) { try p.envelope("bad") }
        #expect(throws: LocatorError.self) { try WireParameters([("outSR", "999999")]).spatialReference("outSR") }
        #expect(try WireParameters([("outSR", #"{"wkid":2193}"#)]).spatialReference("outSR")?.wkid == 2193)
        #expect(throws: LocatorError.self) {
            try WireParameters([("maxLocations", "-1")]).integer("maxLocations", in: 1...50)
        }
    }

    @Test func requestsRoundTripThroughTheirParameters() throws {
        var find = FindAddressCandidatesRequest()
        find.singleLine = "Mannerheimintie 10"
        find.categories = ["Coffee Shop", "Hotel"]
        find.outFields = ["PlaceName", "Place_addr"]
        find.maxLocations = 7
        find.outSR = .webMercator
        find.location = Point(latitude: 60.1699, longitude: 24.9384)
        find.searchExtent = Envelope(xmin: 24, ymin: 60, xmax: 25, ymax: 61)
        find.sourceCountry = "FIN"
        find.magicKey = "place:12"
        #expect(try FindAddressCandidatesRequest(WireParameters(formEncoded: find.parameters.formEncoded)) == find)
        #expect(find.parameters.pairs.first?.name == "f")

        var suggest = SuggestRequest(text: "sto")
        suggest.maxSuggestions = 15
        suggest.location = Point(latitude: 1, longitude: 2)
        #expect(try SuggestRequest(suggest.parameters) == suggest)
        // Above the maximum is taken as the maximum, as ArcGIS does; below 1 is an error.
        #expect(try SuggestRequest(WireParameters([("text", "x"), ("maxSuggestions", "16")])).maxSuggestions == 15)
        #expect(throws: LocatorError.self) {
            try SuggestRequest(WireParameters([("text", "x"), ("maxSuggestions", "0")]))
        }

        var reverse = ReverseGeocodeRequest(location: Point(latitude: 60.17, longitude: 24.94))
        reverse.featureTypes = ["POI"]
        reverse.distance = 250
        #expect(try ReverseGeocodeRequest(reverse.parameters) == reverse)
        #expect(throws: LocatorError.self) { try ReverseGeocodeRequest(WireParameters([("location", "")])) }

        let batch = GeocodeAddressesRequest(records: [.init(id: 1, text: "Kaivokatu 1"), .init(id: 3, text: "x \"y\"")])
        #expect(try GeocodeAddressesRequest(batch.parameters).records == batch.records)
        let multifield = try GeocodeAddressesRequest(
            WireParameters([
                ("addresses", #"{"records":[{"attributes":{"objectid":5,"address":"Kaivokatu 1","city":"Helsinki"}}]}"#)
            ]))
        #expect(multifield.records == [.init(id: 5, text: "Kaivokatu 1, Helsinki")])
        for bad in ["", "not json", #"{"records":{}}"#, #"{"records":[{"x":1}]}"#] {
            #expect(throws: LocatorError.self) { try GeocodeAddressesRequest(WireParameters([("addresses", bad)])) }
        }
        let tooMany =
            "{\"records\":["
            + Array(repeating: #"{"attributes":{"SingleLine":"a"}}"#, count: 1001)
            .joined(separator: ",") + "]}"
        #expect(throws: LocatorError.self) { try GeocodeAddressesRequest(WireParameters([("addresses", tooMany)])) }
    }

    @Test func responsesDecodeTolerantlyAndErrorsComeOutAsErrors() throws {
        let batch = try WireResponse.decode(
            GeocodeAddressesResponse.self,
            from: Data(
                #"{"spatialReference":{"wkid":102100,"latestWkid":3857},"locations":[{"address":"a","location":{"x":1,"y":2},"score":"100","attributes":{"ResultID":"1"}},{"address":"foo bar baz","score":0,"attributes":{}}]}"#
                    .utf8))
        #expect(batch.spatialReference == .webMercator)
        #expect(batch.locations.count == 2)
        #expect(batch.locations[0].score == 100)
        #expect(batch.locations[0].attributes["ResultID"] == .double(1))
        #expect(batch.locations[1].location == nil)
        let noExtent = try WireResponse.decode(
            FindAddressCandidatesResponse.self,
            from: Data(#"{"candidates":[{"address":"x","location":{"x":"1.5","y":2},"score":90}]}"#.utf8))
        #expect(noExtent.spatialReference == .wgs84)
        #expect(noExtent.candidates.first?.location == Point(x: 1.5, y: 2))
        #expect(noExtent.candidates.first?.extent == nil)
        #expect(throws: WireError.self) {
            try WireResponse.decode(
                SuggestResponse.self, from: Data(#"{"error":{"code":499,"message":"Token Required"}}"#.utf8))
        }
        #expect(throws: WireError.self) { try WireResponse.decode(SuggestResponse.self, from: Data("[1,2]".utf8)) }
        #expect(throws: WireError.self) { try WireResponse.decode(SuggestResponse.self, from: Data("nope".utf8)) }
        let root = try WireResponse.decode(
            ServiceInfoResponse.self,
            from: Data(
                #"{"capabilities":"Geocode,Suggest","locatorProperties":{"SuggestedBatchSize":"150","MaxBatchSize":1000}}"#
                    .utf8))
        #expect(root.capabilities == ["Geocode", "Suggest"])
        #expect(root.suggestedBatchSize == 150 && root.maxBatchSize == 1000)
        #expect(root.singleLineFieldName == "SingleLine")
        // Plain Codable works too.
        let decoded = try JSONDecoder().decode(
            SuggestResponse.self,
            from: Data(#"{"suggestions":[{"text":"Coffee","magicKey":"k","isCollection":true}]}"#.utf8))
        #expect(decoded.suggestions == [SuggestResult(label: "Coffee", isCollection: true, magicKey: "k")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SuggestResponse.self, from: Data("{}".utf8)) }
    }
}
