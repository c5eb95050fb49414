import Foundation
import Testing

@testable import OpenLocator

/// The same Swift code and the same CLI commands against the embedded gazetteer and against a
/// GeocodeServer answering from it: identical answers, identical output.
@Suite struct RemoteEquivalenceTests {
    static let near = Fixtures.helsinkiCentre

    @Test(
        arguments: [
            ("coffee shop", true, ["*"]), ("Mannerheimintie 10", false, []),
            ("Helsingfors", false, ["PlaceName", "Type"]),
            ("cafes in Kamppi", true, ["*"]), ("Stockm", true, []), ("", true, ["*"]), ("Mikonkatu 24", false, ["*"]),
        ] as [(String, Bool, [String])])
    func geocodeAnswersAreTheSame(text: String, useNear: Bool, fields: [String]) async throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = useNear ? Self.near : nil
        parameters.maxResults = 5
        parameters.addResultAttributeNames(fields)
        if text.isEmpty { parameters.addCategory("Hotel") }
        let embedded = try await Fixtures.task().geocode(forSearchText: text, using: parameters)
        let remote = try await LocatorTask(url: mirror.serviceURL).geocode(forSearchText: text, using: parameters)
        #expect(!embedded.isEmpty)
        #expect(
            ArcGISResponses.findAddressCandidates(remote, spatialReference: .wgs84).serialized()
                == ArcGISResponses.findAddressCandidates(embedded, spatialReference: .wgs84).serialized(), "\(text)")
    }

    @Test func reverseSuggestAndMagicKeysAreTheSame() async throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let local = try Fixtures.task()
        let remote = LocatorTask(url: mirror.serviceURL)
        for point in Fixtures.helsinkiGrid.prefix(6) {
            let parameters = ReverseGeocodeParameters()
            parameters.featureTypes = [.pointAddress]
            parameters.maxDistance = 500
            let a = try await local.reverseGeocode(forLocation: point, parameters: parameters)
            let b = try await remote.reverseGeocode(forLocation: point, parameters: parameters)
            #expect(a.map(\.label) == b.map(\.label))
            #expect(a.first?.attributeValues == b.first?.attributeValues.mapValues { value -> AttributeValue in value })
        }
        #expect(try await remote.reverseGeocode(forLocation: Point(latitude: 0, longitude: -30)).isEmpty)
        let suggest = SuggestParameters()
        suggest.preferredSearchLocation = Self.near
        for text in ["stockm", "coff", "kamp"] {
            let a = try await local.suggest(forSearchText: text, parameters: suggest)
            let b = try await remote.suggest(forSearchText: text, parameters: suggest)
            #expect(a == b, "\(text)")
            let picked = try #require(b.first { !$0.isCollection })
            let viaRemote = try await remote.geocode(forSuggestResult: picked)
            let viaLocal = try await local.geocode(forSuggestResult: picked)
            #expect(viaRemote.map(\.label) == viaLocal.map(\.label))
        }
        let identified = try await remote.identify(at: Point(latitude: 60.16829, longitude: 24.94216), tolerance: 30)
        #expect(identified?.attributeValues["PlaceName"] == "Stockmann")
    }

    @Test func theCLIPrintsTheSameFromAServiceAsFromTheGazetteer() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let gazetteer = try Fixtures.defaultGazetteerURL().path
        let service = mirror.serviceURL.absoluteString
        for arguments in [
            ["find", "coffee shop", "--near", "60.1699,24.9384"],
            ["find", "Mannerheimintie 10", "--format", "json"],
            ["find", "--category", "Hotel", "--near", "60.1699,24.9384", "--max", "3", "--format", "geojson"],
            ["suggest", "stockm", "--near", "60.1699,24.9384"],
            ["reverse", "60.1690,24.9410", "--format", "json"],
            ["identify", "60.16829,24.94216", "--tolerance", "30"],
        ] {
            let local = try CLI.run(arguments + ["--gazetteer", gazetteer])
            let remote = try CLI.run(arguments + ["--service", service])
            #expect(local.status == 0, "\(arguments): \(local.stderr)")
            #expect(remote.status == 0, "\(arguments): \(remote.stderr)")
            #expect(remote.stdout == local.stdout, "\(arguments)")
        }
        // LOCATOR_SERVICE does the same as --service.
        let viaEnvironment = try CLI.run(
            ["find", "Stockmann", "--max", "2"], environment: ["LOCATOR_SERVICE": service])
        let local = try CLI.run(["find", "Stockmann", "--max", "2", "--gazetteer", gazetteer])
        #expect(viaEnvironment.status == 0)
        #expect(viaEnvironment.stdout == local.stdout)
    }

    @Test func theCLISendsTheKeyFromTheEnvironmentAndNeverPrintsIt() throws {
        let key = "CLI-SECRET-987"
        let server = try StubHTTPServer { request in
            let received = request.headers["x-esri-authorization"] ?? ""
            // A careless server that echoes the token it got.
            return received == "Bearer \(key)"
                ? .json(RemoteBackendTests.address)
                : .json(#"{"error":{"code":498,"message":"Invalid token \#(received)","details":[]}}"#)
        }
        defer { server.stop() }
        let service = server.serviceURL.absoluteString
        let good = try CLI.run(["find", "380 New York St", "--service", service], environment: ["ARCGIS_API_KEY": key])
        #expect(good.status == 0)
        #expect(good.stdout.contains("380 New York St"))
        let bad = try CLI.run(
            ["find", "380 New York St", "--service", service], environment: ["ARCGIS_API_KEY": "wrong-\(key)"])
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("Error: the service rejected the API key"))
        #expect(!bad.stderr.contains(key) && !bad.stdout.contains(key), "\(bad.stderr)")
        let both = try CLI.run(["find", "x", "--service", service, "--gazetteer", "/tmp/x.gazetteer"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("not both"))
    }
}
