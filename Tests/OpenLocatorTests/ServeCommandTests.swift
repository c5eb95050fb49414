import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// The real `locator serve` binary: it listens, answers, logs without tokens, and stops
/// cleanly on SIGTERM.
@Suite struct ServeCommandTests {
    /// Starts `locator serve` on a free port and returns the process, its port and its stderr.
    static func launch(_ extra: [String] = [], gazetteer: URL? = nil, environment: [String: String] = [:]) throws
        -> (Process, UInt16, Pipe)
    {
        let process = Process()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.executableURL = CLI.executable
        let served = try gazetteer ?? Fixtures.defaultGazetteerURL()
        process.arguments = ["serve", "--port", "0", "--gazetteer", served.path] + extra
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The first stderr line names the port: "serving http://127.0.0.1:PORT/…".
        var line = Data()
        while !line.contains(10) {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        let port = text.split(separator: ":").dropFirst(2).first.flatMap { UInt16($0.prefix { $0.isNumber }) }
        return (process, try #require(port, "\(text)"), err)
    }

    @Test func servesAnswersLogsWithoutTokensAndStopsOnSIGTERM() throws {
        let (process, port, err) = try Self.launch(["--api-key", "serve-secret", "--workers", "3"])
        let path = GeocodeServerRoutes.servicePath
        let answer = try #require(
            try RawHTTP.exchange(
                port: port,
                "GET \(path)/findAddressCandidates?singleLine=Stockmann&token=serve-secret&f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            ))
        #expect(answer.status == 200)
        #expect(answer.body.contains(#""address":"Stockmann""#))
        let denied = try #require(
            try RawHTTP.exchange(
                port: port, "GET \(path)/suggest?text=sto&f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(denied.body.contains(#""code":499"#))
        process.terminate()  // SIGTERM
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("GET \(path)/findAddressCandidates 200"))
        #expect(!log.contains("serve-secret"), "no token in the access log")
        #expect(throws: (any Error).self) { _ = try RawHTTP(port: port) }
    }

    @Test func aBusyPortOrBadOptionsAreOneLineErrors() throws {
        let (first, port, _) = try Self.launch()
        defer {
            first.terminate()
            first.waitUntilExit()
        }
        let second = try CLI.run([
            "serve", "--port", String(port), "--gazetteer", try Fixtures.defaultGazetteerURL().path,
        ])
        #expect(second.status != 0)
        #expect(second.stderr.contains("in use"))
        #expect(try CLI.run(["serve", "--port", "70000"]).status == 64)
        #expect(try CLI.run(["serve", "--workers", "0"]).status == 64)
        #expect(try CLI.run(["serve", "--host", "localhost.example"]).stderr.contains("IPv4"))
        // An empty key (an unset shell variable, say) must not quietly serve without a token.
        let emptyKey = try CLI.run(["serve", "--api-key", "", "--port", "0"])
        #expect(emptyKey.status == 64)
        #expect(emptyKey.stderr.hasPrefix("Error: --api-key is empty"))
    }

    /// The requests esri-leaflet-geocoder 3.x sends, as its source builds them.
    @Test func esriLeafletsRequestsWork() throws {
        let (process, port, _) = try Self.launch()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let path = GeocodeServerRoutes.servicePath
        func get(_ target: String) throws -> [String: Any] {
            let response = try #require(
                try RawHTTP.exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
            #expect(response.status == 200)
            #expect(response.headers.contains("Access-Control-Allow-Origin: *"))
            return try #require(try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any])
        }
        let root = try get("\(path)/?f=json")
        #expect((root["capabilities"] as? String)?.contains("Suggest") == true)
        let extent = WireParameters.escape(
            #"{"xmin":24.90,"ymin":60.15,"xmax":24.98,"ymax":60.19,"spatialReference":{"wkid":4326}}"#)
        let suggest = try get(
            "\(path)/suggest?text=stockm&location=24.9384,60.1699&distance=50000&searchExtent=\(extent)&maxSuggestions=5&f=json"
        )
        let first = try #require(
            (suggest["suggestions"] as? [[String: Any]])?.first { $0["isCollection"] as? Bool == false })
        let text = WireParameters.escape(try #require(first["text"] as? String))
        let key = WireParameters.escape(try #require(first["magicKey"] as? String))
        let found = try get(
            "\(path)/findAddressCandidates?outSr=4326&forStorage=false&outFields=*&maxLocations=1&singleLine=\(text)&magicKey=\(key)&f=json"
        )
        let candidate = try #require((found["candidates"] as? [[String: Any]])?.first)
        #expect((candidate["attributes"] as? [String: Any])?["PlaceName"] as? String == "Stockmann")
        let search = try get(
            "\(path)/findAddressCandidates?outSr=4326&forStorage=false&outFields=*&maxLocations=20&singleLine=coffee&searchExtent=\(extent)&location=24.9384,60.1699&distance=2000&f=json"
        )
        #expect((search["candidates"] as? [Any])?.isEmpty == false)
        let reverse = try get(
            "\(path)/reverseGeocode?outSR=4326&returnIntersection=false&location=24.9410,60.1690&distance=100&f=json")
        #expect(reverse["address"] != nil && reverse["location"] != nil)
    }
}
