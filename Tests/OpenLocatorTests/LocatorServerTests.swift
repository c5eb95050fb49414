import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// `locator serve`'s server on an ephemeral loopback port, spoken to over real HTTP: every
/// operation, error paths, limits, stalled clients, concurrency and shutdown.
@Suite struct LocatorServerTests {
    static let path = GeocodeServerRoutes.servicePath

    static func get(_ port: UInt16, _ target: String, headers: String = "") throws -> (
        status: Int, headers: String, body: String
    ) {
        try #require(
            try RawHTTP.exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: x\r\n\(headers)Connection: close\r\n\r\n")
        )
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aCategorySearchAnswersWithinItsRadiusAndSaysWhereThePOIsAre() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let far = try Self.json(
            Self.get(
                mirror.port, "\(Self.path)/findAddressCandidates?category=Coffee%20Shop&location=-118.805,34.027&f=json"
            )
            .body)
        #expect((far["candidates"] as? [Any])?.isEmpty == true)
        let coverage = try #require(far["coverage"] as? [String: Any])
        #expect((coverage["summary"] as? String)?.contains("Helsinki") == true)
        #expect(coverage["searchRadius"] as? Double == 50_000)
        #expect((coverage["areas"] as? [[String: Any]])?.first?["source"] as? String == "Helsinki.osm.pbf")
        let near = try Self.json(
            Self.get(
                mirror.port,
                "\(Self.path)/findAddressCandidates?singleLine=cafe&location=24.9384,60.1699&maxDistance=100&maxLocations=50&outFields=Distance&f=json"
            ).body)
        let candidates = try #require(near["candidates"] as? [[String: Any]])
        #expect(!candidates.isEmpty && near["coverage"] == nil)
        #expect(candidates.allSatisfy { (($0["attributes"] as? [String: Any])?["Distance"] as? Double ?? 1e9) <= 100 })
        let qualified = try Self.json(
            Self.get(
                mirror.port, "\(Self.path)/findAddressCandidates?singleLine=Portland,%20ME&outFields=Region&f=json"
            )
            .body)
        let portland = try #require((qualified["candidates"] as? [[String: Any]])?.first)
        #expect((portland["attributes"] as? [String: Any])?["Region"] as? String == "Maine")
        let junk = try Self.json(
            Self.get(
                mirror.port, "\(Self.path)/findAddressCandidates?singleLine=Nonexistent%20Street%2099%20Nowhere&f=json"
            )
            .body)
        #expect((junk["candidates"] as? [Any])?.isEmpty == true)
        let refused = try Self.json(
            Self.get(mirror.port, "\(Self.path)/findAddressCandidates?singleLine=cafe&maxDistance=-1&f=json").body)
        #expect(((refused["error"] as? [String: Any])?["details"] as? [String])?.first?.contains("maxDistance") == true)
    }

    @Test func answersEveryOperationByGetAndPostInAnyCase() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let port = mirror.port
        let root = try Self.get(port, "\(Self.path)?f=json")
        #expect(root.status == 200)
        #expect(root.headers.contains("Access-Control-Allow-Origin: *"))
        let info = try Self.json(root.body)
        #expect(info["capabilities"] as? String == "Geocode,ReverseGeocode,Suggest")
        #expect((info["singleLineAddressField"] as? [String: Any])?["name"] as? String == "SingleLine")
        #expect(
            (info["candidateFields"] as? [[String: Any]])?.contains { $0["name"] as? String == "Place_addr" } == true)
        #expect((info["locatorProperties"] as? [String: Any])?["MaxBatchSize"] as? Int == 1000)
        #expect(
            (info["categories"] as? [[String: Any]])?.map { $0["name"] as? String }
                == CategoryTree.world.roots.map(\.name))
        #expect(try Self.get(port, "\(Self.path)/?f=pjson").body.contains("\n"), "trailing slash, pretty JSON")

        let find = try Self.json(
            Self.get(
                port,
                "\(Self.path)/findAddressCandidates?SingleLine=coffee%20shop&LOCATION=24.9384,60.1699&outSr=4326&maxLocations=3&outFields=PlaceName,Distance&bogus=1&f=json"
            ).body)
        let candidates = try #require(find["candidates"] as? [[String: Any]])
        #expect(candidates.count == 3)
        #expect((candidates.first?["attributes"] as? [String: Any])?.keys.sorted() == ["Distance", "PlaceName"])
        let geojson = try Self.json(
            Self.get(port, "\(Self.path)/findAddressCandidates?singleLine=Stockmann&f=geojson").body)
        #expect(geojson["type"] as? String == "FeatureCollection")

        let body = "singleLine=Mannerheimintie%2010&f=json"
        let post = try #require(
            try RawHTTP.exchange(
                port: port,
                "POST \(Self.path)/findAddressCandidates HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            ))
        #expect(
            ((try Self.json(post.body))["candidates"] as? [[String: Any]])?.first?["address"] as? String
                == "Mannerheimintie 10, 00100 Helsinki")

        let reverse = try Self.json(Self.get(port, "\(Self.path)/reverseGeocode?location=24.9410,60.1690&f=json").body)
        let address = try #require(reverse["address"] as? [String: Any])
        for key in ["Address", "City", "Region", "Postal", "CountryCode", "LongLabel", "Match_addr"] {
            #expect(address[key] != nil, "geopy reads \(key)")
        }
        let sea = try Self.json(Self.get(port, "\(Self.path)/reverseGeocode?location=-30,0&f=json").body)
        #expect(
            ((sea["error"] as? [String: Any])?["details"] as? [String])?.first
                == "Unable to find address for the specified location.")

        let suggest = try Self.json(
            Self.get(port, "\(Self.path)/suggest?text=stockm&location=24.9384,60.1699&f=json").body)
        let first = try #require((suggest["suggestions"] as? [[String: Any]])?.first)
        let text = try #require(first["text"] as? String)
        let key = try #require(first["magicKey"] as? String)
        let picked = try Self.json(
            Self.get(
                port,
                "\(Self.path)/findAddressCandidates?singleLine=\(WireParameters.escape(text))&magicKey=\(WireParameters.escape(key))&f=json"
            ).body)
        #expect((picked["candidates"] as? [[String: Any]])?.count == 1)

        #expect(try Self.get(port, "/health").body == #"{"status":"ok"}"#)
        let preflight = try #require(
            try RawHTTP.exchange(
                port: port, "OPTIONS \(Self.path)/suggest HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(preflight.status == 204 && preflight.headers.contains("Access-Control-Allow-Methods"))
    }

    @Test func batchesAnswerOneLocationPerRecordWithItsResultID() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        var records = (1...120).map { #"{"attributes":{"OBJECTID":\#($0),"SingleLine":"Mikonkatu \#($0 % 20 + 1)"}}"# }
        records.append(#"{"attributes":{"OBJECTID":500,"SingleLine":""}}"#)
        let addresses = WireParameters.escape(#"{"records":[\#(records.joined(separator: ","))]}"#)
        let body = "addresses=\(addresses)&f=json"
        let response = try #require(
            try RawHTTP.exchange(
                port: mirror.port,
                "POST \(Self.path)/geocodeAddresses HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            ))
        let locations = try #require((try Self.json(response.body))["locations"] as? [[String: Any]])
        #expect(locations.count == 121)
        let ids = locations.compactMap { ($0["attributes"] as? [String: Any])?["ResultID"] as? Int }
        #expect(ids == Array(1...120) + [500])
        #expect(locations.dropLast().allSatisfy { ($0["score"] as? Double ?? 0) > 0 && $0["location"] != nil })
        let unmatched = try #require(locations.last)
        #expect(unmatched["score"] as? Double == 0)
        #expect(unmatched["location"] == nil)
        #expect((unmatched["attributes"] as? [String: Any])?["Status"] as? String == "U")
    }

    @Test(arguments: [
        "/reverseGeocode?location=24,91&f=json", "/findAddressCandidates?singleLine=x&maxLocations=-1&f=json",
        "/findAddressCandidates?singleLine=x&outSR=2193&f=json", "/suggest?text=x&maxSuggestions=99&f=json",
        "/geocodeAddresses?addresses=%7Bnot%20json&f=json", "/geocodeAddresses?f=json",
        "/findAddressCandidates?singleLine=%00%00cafe%22%27*NEAR(&f=json",
        "/findAddressCandidates?searchExtent=1,2,3&f=json",
        "/frobnicate?f=json", "/findAddressCandidates?singleLine=x&f=kmz",
        "/reverseGeocode?location=24.94,60.17&featureTypes=House&f=json",
        "/findAddressCandidates?singleLine=a&outSR=%7B%22wkid%22%3A1e19%7D&f=json",
        "/reverseGeocode?location=%7B%22x%22%3A0%2C%22y%22%3A0%2C%22spatialReference%22%3A%7B%22wkid%22%3A1e19%7D%7D&f=json",
        "/geocodeAddresses?addresses=%7B%22records%22%3A%5B%7B%22attributes%22%3A%7B%22OBJECTID%22%3A1e19%2C%22SingleLine%22%3A%22x%22%7D%7D%5D%7D&f=json",
        "/suggest?text=x&" + (1...300).map { "p\($0)=1" }.joined(separator: "&"),
    ])
    func hostileRequestsGetArcGISErrorsNeverA5xx(target: String) throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let response = try Self.get(mirror.port, Self.path + target)
        #expect(response.status < 500)
        let body = try Self.json(response.body)
        let error = body["error"] as? [String: Any]
        // An ArcGIS error of the 400 class, or an answer (what an odd but harmless request gets).
        let answered = body["candidates"] != nil || body["locations"] != nil || body["suggestions"] != nil
        #expect(
            error.map { ($0["code"] as? Int).map { (400..<500).contains($0) } ?? false } ?? answered, "\(target)")
        #expect(!response.body.contains("SELECT") && !response.body.contains("/work/"))
    }

    @Test func oversizedRequestsGet414431And413AndTheServerKeepsAnswering() throws {
        var limits = HTTPServer.Limits()
        limits.maxRequestLine = 4096
        limits.maxHeaderBytes = 8192
        limits.maxBodyBytes = 64 * 1024
        let mirror = try GazetteerMirror.start(limits: limits)
        defer { mirror.stop() }
        let port = mirror.port
        let longLine = try Self.get(
            port, "\(Self.path)/findAddressCandidates?singleLine=\(String(repeating: "a", count: 10_000))")
        #expect(longLine.status == 414)
        let bigHeaders = try Self.get(port, "/health", headers: "X-Junk: \(String(repeating: "b", count: 20_000))\r\n")
        #expect(bigHeaders.status == 431)
        let bigBody = try #require(
            try RawHTTP.exchange(
                port: port,
                "POST \(Self.path)/geocodeAddresses HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n"))
        #expect(bigBody.status == 413)
        let garbage = try #require(try RawHTTP.exchange(port: port, "HELLO\r\n\r\n"))
        #expect(garbage.status == 400)
        for line in ["GET /health HTTP/1.1x", "GET /health HTTP/2.0", "GET /he\ralth HTTP/1.1"] {
            let bad = try #require(try RawHTTP.exchange(port: port, "\(line)\r\nHost: x\r\n\r\n"))
            #expect(bad.status == 400, "\(line)")
        }
        // Request-smuggling shapes: two different lengths, a space or tab before the colon, a
        // signed length, a chunked body beside a length, a bare LF or CR inside a field.
        for head in [
            "Content-Length: 3\r\nContent-Length: 5", "Content-Length : 3", "Content-Length\t: 3",
            "Content-Length: +3", "Transfer-Encoding: chunked\r\nContent-Length: 5", "X-A: 1\nContent-Length: 5",
            "X-A: 1\rX",
            ": no name",
        ] {
            let smuggled = try #require(
                try RawHTTP.exchange(port: port, "POST /health HTTP/1.1\r\nHost: x\r\n\(head)\r\n\r\nabcde"))
            #expect(smuggled.status == 400, "\(head)")
        }
        let nul = try #require(try RawHTTP.exchange(port: port, "GET /he\u{0}alth HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(nul.status == 400, "a NUL byte makes the request line malformed (RFC 9112)")
        #expect(try Self.get(port, "/health").status == 200)
        #expect(try Self.get(port, "/%68ealth").status == 200, "the path is percent-decoded")
        let lowercase = try #require(try RawHTTP.exchange(port: port, "GET /health HTTP/1.1\r\nhOsT:x\r\n\r\n"))
        #expect(lowercase.status == 200)
    }

    @Test func stalledAndIdleClientsCannotHoldTheWorkers() async throws {
        var limits = HTTPServer.Limits()
        limits.workers = 2
        limits.readTimeout = 1
        let mirror = try GazetteerMirror.start(limits: limits)
        defer { mirror.stop() }
        // Ten clients connect and say nothing; two begin a request and stall.
        let idle = try (0..<10).map { _ in try RawHTTP(port: mirror.port) }
        let stalled = try (0..<2).map { _ in try RawHTTP(port: mirror.port) }
        for client in stalled { client.send("GET /health HTTP/1.1\r\nHost: x\r\n") }
        // A well-behaved client is still answered (at worst after the read timeout).
        let answer = try Self.get(mirror.port, "/health")
        #expect(answer.status == 200)
        // The stalled ones are told 408 and closed.
        for client in stalled { #expect(client.readAll(seconds: 5).hasPrefix("HTTP/1.1 408")) }
        withExtendedLifetime(idle) {}
    }

    @Test func headAnswersWithoutABodyAndMultifieldAddressesAreJoined() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let client = try RawHTTP(port: mirror.port)
        client.send(
            "HEAD /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let text = client.readAll(seconds: 5)
        #expect(text.components(separatedBy: "HTTP/1.1 200").count == 3, "two answers")
        #expect(text.components(separatedBy: #"{"status":"ok"}"#).count == 2, "one body: the GET's")
        let found = try Self.json(
            Self.get(
                mirror.port, "\(Self.path)/findAddressCandidates?Address=Mannerheimintie%2010&City=Helsinki&f=json"
            ).body)
        #expect(
            (found["candidates"] as? [[String: Any]])?.first?["address"] as? String
                == "Mannerheimintie 10, 00100 Helsinki")
    }

    @Test func keepAliveAndPipelinedRequestsShareOneConnection() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let client = try RawHTTP(port: mirror.port)
        client.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        let first = try #require(client.readResponse())
        #expect(first.status == 200 && first.headers.contains("Connection: keep-alive"))
        client.send(
            "GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET \(Self.path)?f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        #expect(client.readResponse()?.status == 200)
        let last = try #require(client.readResponse())
        #expect(last.headers.contains("Connection: close") && last.body.contains("capabilities"))
    }

    @Test func sixtyFourConcurrentClientsAreAllAnswered() async throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let task = LocatorTask(url: mirror.serviceURL)
        let expected = try await Fixtures.task().geocode(forSearchText: "Stockmann").map(\.label)
        try await withThrowingTaskGroup(of: [String].self) { group in
            for index in 0..<64 {
                group.addTask {
                    index % 2 == 0
                        ? try await task.geocode(forSearchText: "Stockmann").map(\.label)
                        : try await task.geocode(forSearchText: "Stockmann").map(\.label)
                }
            }
            var answered = 0
            for try await labels in group {
                #expect(labels == expected)
                answered += 1
            }
            #expect(answered == 64)
        }
    }

    @Test func aTokenIsRequiredWhenTheServerHasAKey() async throws {
        let mirror = try GazetteerMirror.start(apiKey: "serve-key")
        defer { mirror.stop() }
        let missing = try Self.json(Self.get(mirror.port, "\(Self.path)/suggest?text=sto&f=json").body)
        #expect((missing["error"] as? [String: Any])?["code"] as? Int == 499)
        let wrong = try Self.json(Self.get(mirror.port, "\(Self.path)/suggest?text=sto&token=nope&f=json").body)
        #expect((wrong["error"] as? [String: Any])?["code"] as? Int == 498)
        let right = try Self.json(Self.get(mirror.port, "\(Self.path)/suggest?text=sto&token=serve-key&f=json").body)
        #expect((right["suggestions"] as? [Any])?.isEmpty == false)
        #expect(
            try await LocatorTask(url: mirror.serviceURL, apiKey: "serve-key").suggest(forSearchText: "sto").count > 0)
        await #expect { _ = try await LocatorTask(url: mirror.serviceURL).suggest(forSearchText: "sto") } throws: {
            ($0 as? LocatorError)?.code == .tokenRequired
        }
        await #expect {
            _ = try await LocatorTask(url: mirror.serviceURL, apiKey: "x").suggest(forSearchText: "sto")
        } throws: {
            ($0 as? LocatorError)?.code == .invalidToken
        }
        #expect(try Self.get(mirror.port, "/health").status == 200, "health needs no token")
    }

    @Test func shutdownFinishesTheRequestsInFlightAndStopsListening() async throws {
        let started = DispatchSemaphore(value: 0)
        let server = HTTPServer(limits: HTTPServer.Limits()) { _ in
            started.signal()
            Thread.sleep(forTimeInterval: 0.5)
            return .json(#"{"done":true}"#)
        }
        let port = try server.start(host: "127.0.0.1", port: 0)
        let client = try RawHTTP(port: port)
        client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        started.wait()
        server.shutdown()  // returns only once the slow request is answered
        let response = try #require(client.readResponse(seconds: 5))
        #expect(response.status == 200 && response.body == #"{"done":true}"#)
        #expect(response.headers.contains("Connection: close"))
        #expect(throws: (any Error).self) { _ = try RawHTTP(port: port) }
    }
}

/// ArcGIS REST habits the server honours: limits above the maximum clamped, JSONP for a
/// `callback`, and `/arcgis/rest/info` saying whether tokens are needed.
@Suite struct ArcGISHabitsTests {
    static let path = GeocodeServerRoutes.servicePath

    static func candidates(_ port: UInt16, _ target: String) throws -> [[String: Any]] {
        let response = try LocatorServerTests.get(port, path + target)
        #expect(response.status == 200, "\(target): \(response.body.prefix(200))")
        return try #require(try LocatorServerTests.json(response.body)["candidates"] as? [[String: Any]])
    }

    @Test func limitsAboveTheMaximumAreClampedAsArcGISDoes() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let query = "/findAddressCandidates?category=Food&location=24.9384,60.1699&outFields=PlaceName&f=json"
        let fifty = try Self.candidates(mirror.port, query + "&maxLocations=50")
        let hundred = try Self.candidates(mirror.port, query + "&maxLocations=100")
        #expect(fifty.count == 50)
        #expect(hundred.map { $0["address"] as? String } == fifty.map { $0["address"] as? String })
        let suggest = try LocatorServerTests.json(
            LocatorServerTests.get(mirror.port, Self.path + "/suggest?text=sto&maxSuggestions=99&f=json").body)
        let suggestions = try #require(suggest["suggestions"] as? [Any])
        #expect(suggestions.count > 5 && suggestions.count <= 15, "\(suggestions.count)")
        // Below the range is still an error.
        let zero = try LocatorServerTests.get(mirror.port, Self.path + query + "&maxLocations=0")
        #expect(zero.body.contains(#""code":400"#))
    }

    @Test func aCallbackGetsJSONPAndABadOneAnError() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let target = Self.path + "/findAddressCandidates?singleLine=Stockmann&outFields=PlaceName&f=json"
        let plain = try LocatorServerTests.get(mirror.port, target)
        let wrapped = try LocatorServerTests.get(mirror.port, target + "&callback=dojo_request.callbacks.id1$")
        #expect(wrapped.status == 200)
        #expect(wrapped.headers.lowercased().contains("content-type: application/javascript"))
        let prefix = "/**/dojo_request.callbacks.id1$(", suffix = ");"
        #expect(wrapped.body.hasPrefix(prefix) && wrapped.body.hasSuffix(suffix), "\(wrapped.body.prefix(80))")
        let inner = String(wrapped.body.dropFirst(prefix.count).dropLast(suffix.count))
        #expect(inner == plain.body)
        // An error is wrapped too, so the page's callback hears of it.
        let failed = try LocatorServerTests.get(
            mirror.port, Self.path + "/findAddressCandidates?singleLine=x&maxLocations=-1&f=json&callback=cb")
        #expect(failed.body.hasPrefix("/**/cb({\"error\""), "\(failed.body.prefix(80))")
        for bad in ["alert(1)", "1abc", "a%3Cscript%3E", "x%22%29%3B", String(repeating: "a", count: 129)] {
            let refused = try LocatorServerTests.get(mirror.port, target + "&callback=\(bad)")
            #expect(refused.body.hasPrefix(#"{"error":{"code":400,"message":"Invalid callback.""#), "\(bad)")
            #expect(!refused.headers.lowercased().contains("javascript"))
        }
    }

    @Test func restInfoSaysWhetherTokensAreNeeded() throws {
        for key in [nil, "info-secret"] {
            let mirror = try GazetteerMirror.start(apiKey: key)
            defer { mirror.stop() }
            let info = try LocatorServerTests.json(LocatorServerTests.get(mirror.port, "/arcgis/rest/info?f=json").body)
            #expect(info["currentVersion"] as? Double == 11.1)
            let auth = try #require(info["authInfo"] as? [String: Any])
            #expect(auth["isTokenBasedSecurity"] as? Bool == (key != nil))
        }
    }
}

extension ArcGISHabitsTests {
    /// A form that sends `singleLine=` empty beside its address fields is read by its fields.
    @Test func anEmptySingleLineLeavesTheFieldsToSpeak() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let fields = "address=Mannerheimintie%2010&city=Helsinki&outFields=Match_addr&f=json"
        let withEmpty = try Self.candidates(mirror.port, "/findAddressCandidates?singleLine=&" + fields)
        let without = try Self.candidates(mirror.port, "/findAddressCandidates?" + fields)
        #expect(!without.isEmpty)
        #expect((without.first?["address"] as? String)?.hasPrefix("Mannerheimintie 10") == true)
        #expect(withEmpty.map { $0["address"] as? String } == without.map { $0["address"] as? String })
    }
}

extension ArcGISHabitsTests {
    /// `Accept-Encoding: gzip` gets a gzipped body that inflates to the plain one; a small
    /// body, or a client that does not ask, gets it plain.
    @Test func answersAreGzippedWhenAskedFor() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        func fetch(_ target: String, _ acceptEncoding: String?) throws -> (headers: String, body: Data) {
            let client = try RawHTTP(port: mirror.port)
            let extra = acceptEncoding.map { "Accept-Encoding: \($0)\r\n" } ?? ""
            client.send("GET \(Self.path)\(target) HTTP/1.1\r\nHost: x\r\n\(extra)Connection: close\r\n\r\n")
            let response = try #require(client.readResponseBytes())
            #expect(response.status == 200)
            return (response.headers.lowercased(), response.body)
        }
        let big = "/findAddressCandidates?category=Food&location=24.9384,60.1699&outFields=*&f=json"
        let plain = try fetch(big, nil)
        let gzipped = try fetch(big, "gzip, deflate, br")
        #expect(!plain.headers.contains("content-encoding"))
        #expect(gzipped.headers.contains("content-encoding: gzip"))
        #expect(gzipped.headers.contains("vary: accept-encoding"))
        #expect(gzipped.body.count * 4 < plain.body.count, "\(gzipped.body.count) of \(plain.body.count)")
        let inflated = try GzipInflater().inflate([UInt8](gzipped.body), name: "answer")
        #expect(Data(inflated) == plain.body)
        #expect(!(try fetch(big, "gzip;q=0")).headers.contains("content-encoding"))
        let small = try fetch("/suggest?text=zzzzqq&f=json", "gzip")
        #expect(!small.headers.contains("content-encoding"))
    }
}

extension ArcGISHabitsTests {
    /// The legacy `find` operation (the `geocoder` package's arcgis provider uses it): `text`,
    /// `bbox` and `maxLocations`, answered as `locations` of name, extent and feature.
    @Test func theLegacyFindOperationAnswersInItsOwnShape() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        func locations(_ query: String) throws -> [[String: Any]] {
            let response = try LocatorServerTests.get(mirror.port, Self.path + "/find?" + query)
            #expect(response.status == 200)
            let body = try LocatorServerTests.json(response.body)
            return try #require(body["locations"] as? [[String: Any]], "\(response.body.prefix(200))")
        }
        let found = try locations("text=Stockmann&maxLocations=3&f=json")
        #expect(!found.isEmpty && found.count <= 3)
        let first = try #require(found.first)
        #expect((first["name"] as? String)?.hasPrefix("Stockmann") == true, "\(first)")
        let feature = try #require(first["feature"] as? [String: Any])
        let geometry = try #require(feature["geometry"] as? [String: Double])
        let x = try #require(geometry["x"]), y = try #require(geometry["y"])
        #expect(abs(x - 24.94) < 0.01 && abs(y - 60.168) < 0.01, "\(geometry)")
        let extent = try #require(first["extent"] as? [String: Double])
        #expect(extent["xmin"]! <= x && x <= extent["xmax"]! && extent["ymin"]! <= y && y <= extent["ymax"]!)
        #expect(((feature["attributes"] as? [String: Any])?["Score"] as? Double ?? 0) > 80)
        // The same places as findAddressCandidates, in the same order.
        let candidates = try Self.candidates(
            mirror.port, "/findAddressCandidates?singleLine=Stockmann&maxLocations=3&f=json")
        #expect(found.map { $0["name"] as? String } == candidates.map { $0["address"] as? String })
        // bbox limits where: Stockmann is not in Sydney.
        let elsewhere = try locations("text=Stockmann&bbox=151.1,-33.95,151.3,-33.8&f=json")
        #expect(!elsewhere.contains { ($0["name"] as? String)?.hasPrefix("Stockmann") == true })
        #expect(try locations("text=&f=json").isEmpty)
    }
}

extension ArcGISHabitsTests {
    /// generateToken exchanges the server's key (given as the password, as geopy's and the
    /// ArcGIS SDKs' authenticated modes send it) for a token the operations take; a wrong
    /// password gets an ArcGIS error; /arcgis/rest/info names the token service.
    @Test func generateTokenExchangesTheKeyForAToken() throws {
        let key = "token-secret"
        let mirror = try GazetteerMirror.start(apiKey: key)
        defer { mirror.stop() }
        for path in ["/sharing/generateToken", "/arcgis/tokens/generateToken"] {
            let issued = try LocatorServerTests.json(
                LocatorServerTests.get(
                    mirror.port, "\(path)?username=anyone&password=\(key)&referer=x&expiration=30&f=json"
                ).body)
            let token = try #require(issued["token"] as? String)
            let expires = try #require(issued["expires"] as? Double)
            let inThirty = (Date().timeIntervalSince1970 + 30 * 60) * 1000
            #expect(abs(expires - inThirty) < 60_000, "\(expires)")
            let found = try Self.candidates(
                mirror.port, "/findAddressCandidates?singleLine=Stockmann&token=\(token)&f=json")
            #expect(found.first?["address"] as? String == "Stockmann")
            let refused = try LocatorServerTests.get(mirror.port, "\(path)?username=anyone&password=guess&f=json")
            #expect(refused.body.contains(#""message":"Unable to generate token.""#), "\(refused.body)")
            #expect(!refused.body.contains(key))
        }
        let info = try LocatorServerTests.json(
            LocatorServerTests.get(mirror.port, "/arcgis/rest/info?f=json", headers: "").body)
        let auth = try #require(info["authInfo"] as? [String: Any])
        #expect((auth["tokenServicesUrl"] as? String)?.hasSuffix("/arcgis/tokens/generateToken") == true)
    }
}
