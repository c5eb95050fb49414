import Foundation
import Testing

@testable import OpenLocator

/// The remote backend against a real HTTP server on 127.0.0.1 answering in the exact shapes of
/// the ArcGIS REST reference: decoding, parameter encoding, retries and error mapping.
@Suite struct RemoteBackendTests {
    /// `findAddressCandidates?category=Coffee Shop&outFields=*` (World's field set, abridged).
    static let coffeeShops = """
        {"spatialReference":{"wkid":4326,"latestWkid":4326},
         "candidates":[
          {"address":"Caribou Coffee","location":{"x":-97.7431,"y":30.2672},"score":100,
           "attributes":{"Loc_name":"World","Status":"M","Score":100,"Match_addr":"Caribou Coffee",
             "LongLabel":"Caribou Coffee, 100 Congress Ave, Austin, TX, 78701, USA","ShortLabel":"Caribou Coffee",
             "Addr_type":"POI","Type":"Coffee Shop","PlaceName":"Caribou Coffee",
             "Place_addr":"100 Congress Ave, Austin, Texas, 78701","Phone":"","URL":"","Rank":19,
             "City":"Austin","Region":"Texas","Postal":"78701","Country":"USA","Distance":120.5,
             "X":-97.7432,"Y":30.2671,"DisplayX":-97.7431,"DisplayY":30.2672,"ExInfo":""},
           "extent":{"xmin":-97.7441,"ymin":30.2662,"xmax":-97.7421,"ymax":30.2682}},
          {"address":"Epoch Coffee","location":{"x":-97.7401,"y":30.2702},"score":100,
           "attributes":{"PlaceName":"Epoch Coffee","Type":"Coffee Shop","Addr_type":"POI","Rank":"8.04",
             "Distance":"480.25","Open":true,"Tags":["a","b"],"Nothing":null},
           "extent":{"xmin":"NaN","ymin":"NaN","xmax":"NaN","ymax":"NaN"}},
          {"address":"Far Coffee","location":{"x":-97.0,"y":30.0},"score":71.5,"attributes":{}}]}
        """

    /// The reference's address match.
    static let address = """
        {"spatialReference":{"wkid":4326,"latestWkid":4326},
         "candidates":[{"address":"380 New York St, Redlands, California, 92373",
           "location":{"x":-117.19487199429184,"y":34.057237000231282},"score":100,
           "attributes":{"Addr_type":"PointAddress","Match_addr":"380 New York St, Redlands, California, 92373"},
           "extent":{"xmin":-117.19587199429185,"ymin":34.056237000231285,"xmax":-117.19387199429184,"ymax":34.05823700023128}}]}
        """

    /// The reference's reverse match (`spatialReference` inside `location`).
    static let reverse = """
        {"address":{"Match_addr":"Premier ENT","LongLabel":"Premier ENT, 255 Terracina Blvd, Redlands, CA, 92373, USA",
          "ShortLabel":"Premier ENT","Addr_type":"POI","Type":"Doctor","PlaceName":"Premier ENT","AddNum":"255",
          "Address":"255 Terracina Blvd","City":"Redlands","Region":"California","Postal":"92373","CountryCode":"USA"},
         "location":{"x":-117.20541599999996,"y":34.038074000000051,"spatialReference":{"wkid":4326,"latestWkid":4326}}}
        """

    static let unableToFind = """
        {"error":{"code":400,"message":"Cannot perform query. Invalid query parameters.",
          "details":["Unable to find address for the specified location."]}}
        """

    static let suggestions = """
        {"suggestions":[
          {"text":"Coffee","magicKey":"dHA9MiNubT1Db2ZmZWUjc3o9MTUxLjIyOTEyOTotMzMuODc5NzQxMDAwMDAwMDAzI2NzPTcw","isCollection":true},
          {"text":"Coffee Tea & Me, 87 Macleay St, Potts Point, Sydney, New South Wales, 2011, AUS","magicKey":"dHA9MCNsb2M9","isCollection":false}]}
        """

    static let key = "SECRET-KEY-123"

    /// A task on a stub server, with fast retries.
    static func task(
        _ server: StubHTTPServer, apiKey: String? = key, configure: (inout RemoteServiceOptions) -> Void = { _ in }
    )
        -> LocatorTask
    {
        var options = RemoteServiceOptions()
        options.retryDelay = 0.01
        options.maxRetryDelay = 0.05
        options.timeout = 20  // generous: a loaded CI machine can stall a loopback answer for seconds
        configure(&options)
        return LocatorTask(url: server.serviceURL, apiKey: apiKey, options: options)
    }

    @Test func aCategorySearchDecodesAndSendsEveryParameterByItsRESTName() async throws {
        let server = try StubHTTPServer { _ in .json(Self.coffeeShops) }
        defer { server.stop() }
        let parameters = GeocodeParameters()
        parameters.addCategory("Coffee Shop")
        parameters.preferredSearchLocation = Point(latitude: 30.2672, longitude: -97.7431)
        parameters.searchArea = Envelope(xmin: -98, ymin: 30, xmax: -97, ymax: 31)
        parameters.maxResults = 5
        parameters.minScore = 80
        parameters.countryCode = "USA"
        parameters.addResultAttributeName("*")
        let results = try await Self.task(server).geocode(forSearchText: "", using: parameters)

        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/arcgis/rest/services/World/GeocodeServer/findAddressCandidates")
        let sent = request.parameters
        #expect(sent["f"] == "json")
        #expect(sent["category"] == "Coffee Shop")
        #expect(sent["location"] == "-97.7431,30.2672")
        #expect(sent["maxLocations"] == "5")
        #expect(sent["outFields"] == "*")
        #expect(sent["outSR"] == "4326")
        #expect(sent["sourceCountry"] == "USA")
        #expect(sent["singleLine"] == "")
        let extent = try #require(try sent.envelope("searchExtent"))
        #expect(extent == Envelope(xmin: -98, ymin: 30, xmax: -97, ymax: 31))
        #expect(request.headers["x-esri-authorization"] == "Bearer \(Self.key)")
        #expect(sent["token"] == nil)

        #expect(results.map(\.label) == ["Caribou Coffee", "Epoch Coffee"], "minScore 80 drops the 71.5")
        let first = try #require(results.first)
        #expect(first.score == 100)
        #expect(first.attributeValues["PlaceName"] == "Caribou Coffee")
        #expect(first.attributeValues["Type"] == "Coffee Shop")
        #expect(first.attributeValues["Distance"]?.doubleValue == 120.5)
        #expect(first.displayLocation == Point(latitude: 30.2672, longitude: -97.7431))
        #expect(first.routeLocation == Point(latitude: 30.2671, longitude: -97.7432), "X/Y is where to route to")
        #expect(first.extent == Envelope(xmin: -97.7441, ymin: 30.2662, xmax: -97.7421, ymax: 30.2682))
        let second = results[1]
        #expect(second.attributeValues["Rank"]?.doubleValue == 8.04, "Rank as a string")
        #expect(second.attributeValues["Distance"] == .double(480.25))
        #expect(second.attributeValues["Open"] == .bool(true))
        #expect(second.attributeValues["Tags"] == .string(#"["a","b"]"#))
        #expect(second.attributeValues["Nothing"] == .null)
        #expect(second.extent == nil, "an extent of NaN is no extent")
    }

    @Test func anAddressMatchAndWebMercatorOutput() async throws {
        let server = try StubHTTPServer { _ in .json(Self.address) }
        defer { server.stop() }
        let parameters = GeocodeParameters()
        parameters.outputSpatialReference = .webMercator
        let result = try #require(
            try await Self.task(server).geocode(forSearchText: "380 New York St, Redlands", using: parameters).first)
        #expect(result.label == "380 New York St, Redlands, California, 92373")
        #expect(result.attributeValues["Addr_type"] == "PointAddress")
        let sent = try #require(server.requests.first?.parameters)
        #expect(sent["singleLine"] == "380 New York St, Redlands")
        #expect(sent["outSR"] == "102100")
        #expect(sent["outFields"] == ResultAttributes.defaultFields.joined(separator: ","))
    }

    @Test func reverseGeocodesAndTreatsUnableToFindAsNothing() async throws {
        let server = try StubHTTPServer { request in
            (try? request.parameters.point("location"))??.x ?? 0 > 0 ? .json(Self.unableToFind) : .json(Self.reverse)
        }
        defer { server.stop() }
        let task = Self.task(server)
        let parameters = ReverseGeocodeParameters()
        parameters.featureTypes = [.poi, .pointAddress]
        parameters.maxDistance = 50
        let here = Point(latitude: 34.038074, longitude: -117.205416)
        let result = try #require(try await task.reverseGeocode(forLocation: here, parameters: parameters).first)
        #expect(result.label == "Premier ENT")
        #expect(result.attributeValues["CountryCode"] == "USA")
        #expect(result.attributeValues["Address"] == "255 Terracina Blvd")
        #expect((result.attributeValues["Distance"]?.doubleValue ?? 99) < 1)
        let sent = try #require(server.requests.first?.parameters)
        #expect(sent["location"] == "-117.205416,34.038074")
        #expect(sent["featureTypes"] == "POI,PointAddress")
        #expect(try await task.reverseGeocode(forLocation: Point(latitude: 10, longitude: 10)).isEmpty)
        // A real HTTP 400 with the same body means the same.
        let strict = try StubHTTPServer { _ in .json(Self.unableToFind, status: 400) }
        defer { strict.stop() }
        #expect(try await Self.task(strict).reverseGeocode(forLocation: here).isEmpty)
    }

    @Test func suggestionsRoundTripThroughTheirMagicKeys() async throws {
        let server = try StubHTTPServer { request in
            request.operation == "suggest" ? .json(Self.suggestions) : .json(Self.coffeeShops)
        }
        defer { server.stop() }
        let task = Self.task(server)
        let parameters = SuggestParameters()
        parameters.preferredSearchLocation = Point(latitude: -33.879741, longitude: 151.229129)
        parameters.maxResults = 6
        parameters.categories = ["Food"]
        let suggestions = try await task.suggest(forSearchText: "coffee", parameters: parameters)
        #expect(suggestions.count == 2)
        #expect(suggestions[0].isCollection && suggestions[0].label == "Coffee")
        #expect(!suggestions[1].isCollection)
        let sent = try #require(server.requests.first?.parameters)
        #expect(sent["text"] == "coffee")
        #expect(sent["location"] == "151.229129,-33.879741")
        #expect(sent["maxSuggestions"] == "6")
        #expect(sent["category"] == "Food")
        _ = try await task.geocode(forSuggestResult: suggestions[1])
        let find = try #require(server.requests.last?.parameters)
        #expect(find["singleLine"] == suggestions[1].label)
        #expect(find["magicKey"] == "dHA9MCNsb2M9")
    }

    @Test(
        arguments: [
            (
                200, #"{"error":{"code":498,"message":"Invalid token.","details":[]}}"#, LocatorError.Code.invalidToken,
                1
            ),
            (498, #"{"error":{"code":498,"message":"Invalid token SECRET-KEY-123.","details":[]}}"#, .invalidToken, 1),
            (
                200,
                #"{"error":{"code":499,"message":"Token Required","messageCode":"GWM_0003","details":["Token Required"]}}"#,
                .tokenRequired, 1
            ),
            (
                403,
                #"{"error":{"code":403,"messageCode":"GWM_0003","message":"You do not have permissions to access this resource or perform this operation.","details":[]}}"#,
                .forbidden, 1
            ),
            (200, unableToFind, .badRequest, 1), (404, "Not Found", .badRequest, 1),
            (429, #"{"error":{"code":429,"message":"Too many requests","details":[]}}"#, .rateLimited, 3),
            (503, "SERVICE UNAVAILABLE - The service is temporarily overloaded.", .serviceUnavailable, 3),
            (
                200, #"{"error":{"code":500,"message":"Unable to complete operation.","details":[]}}"#,
                .serviceUnavailable, 3
            ),
            (200, "<html>not json</html>", .invalidResponse, 1),
        ] as [(Int, String, LocatorError.Code, Int)])
    func everyServiceErrorBecomesACodeRetriedOnlyWhenItMayPass(
        status: Int, body: String, code: LocatorError.Code, attempts: Int
    ) async throws {
        let server = try StubHTTPServer { _ in .json(body, status: status) }
        defer { server.stop() }
        let task = Self.task(server) { $0.maxRetries = 2 }
        await #expect {
            _ = try await task.geocode(forSearchText: "cafe")
        } throws: { error in
            let error = try #require(error as? LocatorError)
            return error.code == code && !error.message.isEmpty && !error.message.contains(Self.key)
                && !error.message.contains("\n")
        }
        #expect(server.requests.count == attempts)
    }

    @Test func aFailureThatPassesIsRetriedWithBackoffAndHonoursRetryAfter() async throws {
        let calls = Counter()
        let server = try StubHTTPServer { _ in
            calls.next() == 0
                ? StubHTTPServer.Response(status: 429, body: "{}", headers: [("Retry-After", "0")])
                : .json(Self.address)
        }
        defer { server.stop() }
        let results = try await Self.task(server).geocode(forSearchText: "380 New York St")
        #expect(results.count == 1)
        #expect(server.requests.count == 2)
    }

    @Test func aSlowServiceTimesOutAfterBoundedRetries() async throws {
        // Generous enough that a loaded machine still delivers each attempt to the server.
        let server = try StubHTTPServer { _ in StubHTTPServer.Response(body: Self.address, delay: 4) }
        defer { server.stop() }
        let task = Self.task(server) {
            $0.timeout = 1
            $0.maxRetries = 1
        }
        await #expect {
            _ = try await task.geocode(forSearchText: "slow")
        } throws: { ($0 as? LocatorError)?.code == .timeout }
        #expect(server.requests.count == 2)
    }

    @Test func cancellingTheTaskStopsTheRequestAndItsRetries() async throws {
        // The answer would come only after a minute, far beyond any scheduling delay on a
        // loaded machine, so a result can only mean the cancel did not stop the request.
        let server = try StubHTTPServer { _ in StubHTTPServer.Response(body: Self.address, delay: 60) }
        defer { server.stop() }
        let task = Self.task(server) { $0.timeout = 120 }
        let search = Task { try await task.geocode(forSearchText: "never mind") }
        while server.requests.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        search.cancel()
        await #expect(throws: CancellationError.self) { _ = try await search.value }
        #expect(server.requests.count == 1)
    }

    @Test func anUnreachableServiceIsOfflineWithoutRetries() async throws {
        // A port that was just free: nothing listens there.
        let closed = try StubHTTPServer { _ in .json("{}") }
        let url = closed.serviceURL
        closed.stop()
        var options = RemoteServiceOptions()
        options.retryDelay = 0.01
        let task = LocatorTask(url: url, apiKey: Self.key, options: options)
        await #expect {
            _ = try await task.geocode(forSearchText: "cafe")
        } throws: { error in
            (error as? LocatorError)?.code == .offline && !"\(error)".contains(Self.key)
        }
        await #expect(throws: LocatorError.self) {
            _ = try await LocatorTask(url: URL(string: "ftp://example.com/GeocodeServer")!).geocode(forSearchText: "x")
        }
    }

    @Test func theKeyGoesAsATokenParameterWhenAskedAndLongRequestsArePosted() async throws {
        let server = try StubHTTPServer { _ in .json(Self.address) }
        defer { server.stop() }
        let task = Self.task(server) { $0.tokenPlacement = .parameter }
        _ = try await task.geocode(forSearchText: "short")
        let get = try #require(server.requests.first)
        #expect(get.method == "GET")
        #expect(get.parameters["token"] == Self.key)
        #expect(get.headers["x-esri-authorization"] == nil)
        let long = String(repeating: "é & = + ,", count: 100)  // 900 characters, 3,000 encoded
        _ = try await task.geocode(forSearchText: long)
        let post = try #require(server.requests.last)
        #expect(post.method == "POST")
        #expect(post.path.hasSuffix("/findAddressCandidates"))
        #expect(post.parameters["singleLine"] == long)
        #expect(post.parameters["token"] == Self.key)
        // No key: neither header nor parameter.
        _ = try await Self.task(server, apiKey: nil).geocode(forSearchText: "open")
        #expect(server.requests.last?.headers["x-esri-authorization"] == nil)
        #expect(server.requests.last?.parameters["token"] == nil)
    }

    @Test func aRedirectIsNotFollowedSoTheKeyStaysWithTheService() async throws {
        let elsewhere = try StubHTTPServer { _ in .json(Self.address) }
        defer { elsewhere.stop() }
        let server = try StubHTTPServer { _ in
            StubHTTPServer.Response(
                status: 302, body: "",
                headers: [("Location", elsewhere.serviceURL.absoluteString + "/findAddressCandidates")])
        }
        defer { server.stop() }
        await #expect {
            _ = try await Self.task(server).geocode(forSearchText: "x")
        } throws: { error in
            (error as? LocatorError)?.code == .badRequest && !"\(error)".contains(Self.key)
        }
        #expect(elsewhere.requests.isEmpty, "the key never reached the other host")
    }

    @Test func locatorInfoComesFromTheRootResource() async throws {
        let server = try StubHTTPServer { request in
            request.operation == "GeocodeServer"
                ? .json(
                    #"{"currentVersion":11.1,"serviceDescription":"World Geocoder","capabilities":"Geocode,ReverseGeocode,Suggest","singleLineAddressField":{"name":"SingleLine"},"spatialReference":{"wkid":4326,"latestWkid":4326},"locatorProperties":{"SuggestedBatchSize":150,"MaxBatchSize":1000}}"#
                ) : .json("{}", status: 404)
        }
        defer { server.stop() }
        let info = try await Self.task(server).locatorInfo
        #expect(info.name == "World Geocoder")
        #expect(info.description.contains("Geocode, ReverseGeocode, Suggest"))
        #expect(server.requests.first?.parameters["f"] == "json")
    }
}

/// A thread-safe counter for stub handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    /// The current value, then one more.
    func next() -> Int {
        lock.withLock {
            defer { value += 1 }; return value
        }
    }
}
