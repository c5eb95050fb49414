import Foundation
import Testing

@testable import OpenLocator

/// Answers in the user's language (`outputLanguageCode`, `langCode`, `--lang`) and addresses
/// found through any name of their street, on the default gazetteer: from the library, the
/// CLI, a real `locator serve` and a remote task talking to one.
@Suite struct LanguageTests {
    static func geocode(_ text: String, language: String? = nil) async throws -> [GeocodeResult] {
        let parameters = GeocodeParameters()
        parameters.outputLanguageCode = language
        parameters.maxResults = 3
        parameters.addResultAttributeName("*")
        return try await Fixtures.task().geocode(forSearchText: text, using: parameters)
    }

    @Test func anAddressIsFoundByItsStreetsSwedishNameAndKeepsItsOwnNameUnlessAsked() async throws {
        let swedish = try #require(try await Self.geocode("Georgsgatan 10").first)
        let finnish = try #require(try await Self.geocode("Yrjönkatu 10").first)
        #expect(swedish.label == finnish.label)
        #expect(swedish.label.hasPrefix("Yrjönkatu 10"))
        #expect(swedish.score == finnish.score)
        #expect(swedish.displayLocation == finnish.displayLocation)
        // Asked for in Swedish, the same address is written in Swedish, city included.
        let inSwedish = try #require(try await Self.geocode("Yrjönkatu 10", language: "sv").first)
        #expect(inSwedish.label == "Georgsgatan 10, Helsingfors", "\(inSwedish.label)")
        #expect(text(inSwedish, "StName") == "Georgsgatan")
        #expect(text(inSwedish, "City") == "Helsingfors")
        #expect(inSwedish.displayLocation == finnish.displayLocation)
    }

    @Test func aRegionOrScriptSubtagFallsBackToTheLanguage() async throws {
        for code in ["sv", "SV", "sv-FI", "sv_FI"] {
            let first = try await Self.geocode("Helsinki", language: code).first
            #expect(text(first, "PlaceName") == "Helsingfors", "\(code)")
        }
        // A language the data has no names in: every place keeps its own.
        let zulu = try await Self.geocode("Helsinki", language: "zu").first
        #expect(text(zulu, "PlaceName") == "Helsinki")
    }

    /// Places anywhere GeoNames reaches, with no names in the asked language, answer as without one.
    @Test func placesWithoutNamesInTheLanguageKeepTheirOwn() async throws {
        for query in ["Portland, ME", "Bamako", "Hamilton, New Zealand", "Rochester, MN"] {
            let plain = try #require(try await Self.geocode(query).first, "\(query)")
            let asked = try #require(try await Self.geocode(query, language: "sv").first, "\(query)")
            #expect(plain.label == asked.label, "\(query)")
            #expect(text(plain, "PlaceName") == text(asked, "PlaceName"), "\(query)")
        }
    }

    @Test func reverseAnswersInTheLanguage() async throws {
        let parameters = ReverseGeocodeParameters()
        parameters.featureTypes = [.pointAddress]
        parameters.outputLanguageCode = "sv"
        parameters.addResultAttributeName("*")
        let point = Point(latitude: 60.1644102, longitude: 24.9435827)  // Yrjönkatu 10
        let found = try #require(
            try await Fixtures.task().reverseGeocode(forLocation: point, parameters: parameters).first)
        #expect(found.label == "Georgsgatan 10, Helsingfors", "\(found.label)")
    }

    @Test func aMalformedLanguageCodeIsRefusedInOneLine() async throws {
        for code in ["", "x y", "swedish", "s", "sv--", "12"] {
            let parameters = GeocodeParameters()
            parameters.outputLanguageCode = code
            await #expect(throws: LocatorError.self, "\(code)") {
                _ = try await Fixtures.task().geocode(forSearchText: "Helsinki", using: parameters)
            }
        }
    }

    @Test func theCLIWritesInTheLanguageAskedFor() throws {
        let swedish = try CLI.run(["find", "Helsinki", "--lang", "sv", "--max", "1"])
        #expect(swedish.status == 0, "\(swedish.stderr)")
        #expect(swedish.stdout.contains("Helsingfors"), "\(swedish.stdout)")
        let own = try CLI.run(["find", "Helsinki", "--max", "1"])
        #expect(!own.stdout.contains("Helsingfors"), "\(own.stdout)")
        let reverse = try CLI.run([
            "reverse", "60.1644102,24.9435827", "--feature-types", "PointAddress", "--lang", "sv",
        ])
        #expect(reverse.stdout.contains("Georgsgatan 10"), "\(reverse.stdout)")
        // Identify writes the café's street in Swedish (its own name has none).
        let identify = try CLI.run(["identify", "60.1690,24.9410", "--tolerance", "100", "--lang", "sv"])
        #expect(identify.status == 0, "\(identify.stderr)")
        #expect(identify.stdout.contains("Helsingfors"), "\(identify.stdout)")
        let bad = try CLI.run(["find", "Helsinki", "--lang", "not a code"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--lang must be a language code"), "\(bad.stderr)")
        #expect(bad.stderr.split(separator: "\n").first?.contains("--lang") == true)
    }

    /// `langCode` on a real `locator serve`: findAddressCandidates, reverseGeocode and a bad code.
    @Test func theServerHonoursLangCode() throws {
        let (process, port, _) = try ServeCommandTests.launch()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let service = "/arcgis/rest/services/World/GeocodeServer"
        func get(_ target: String) throws -> (status: Int, body: String) {
            let answer = try #require(
                try RawHTTP.exchange(
                    port: port, "GET \(service)/\(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
            return (answer.status, answer.body)
        }
        let find = try get("findAddressCandidates?singleLine=Yrj%C3%B6nkatu%2010&langCode=sv&outFields=*&f=json")
        #expect(find.body.contains(#""address":"Georgsgatan 10, Helsingfors""#), "\(find.body.prefix(300))")
        // The Swedish street name finds the address, written as its own.
        let bySwedish = try get("findAddressCandidates?singleLine=Georgsgatan%2010&maxLocations=1&f=json")
        #expect(bySwedish.body.contains(#""address":"Yrjönkatu 10, Helsinki""#), "\(bySwedish.body.prefix(300))")
        let plain = try get("findAddressCandidates?singleLine=Yrj%C3%B6nkatu%2010&outFields=*&f=json")
        #expect(plain.body.contains(#""address":"Yrjönkatu 10, Helsinki""#), "\(plain.body.prefix(300))")
        let reverse = try get(
            "reverseGeocode?location=24.9435827,60.1644102&featureTypes=PointAddress&langCode=sv&f=json")
        #expect(reverse.body.contains("Georgsgatan 10"), "\(reverse.body.prefix(300))")
        let bad = try get("findAddressCandidates?singleLine=Helsinki&langCode=%3Cscript%3E&f=json")
        #expect(bad.body.contains("langCode") || bad.body.contains("outputLanguageCode"), "\(bad.body.prefix(300))")
        #expect(bad.body.contains(#""code":400"#), "\(bad.body.prefix(300))")
        #expect(!bad.body.contains("<script>"))
    }

    /// A remote task sends its language as `langCode`: the same answer as the gazetteer's own.
    @Test func aRemoteTaskAsksForTheLanguage() async throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let parameters = GeocodeParameters()
        parameters.outputLanguageCode = "sv"
        parameters.maxResults = 1
        let remote = try await LocatorTask(url: mirror.serviceURL).geocode(forSearchText: "Helsinki", using: parameters)
        let local = try await Fixtures.task().geocode(forSearchText: "Helsinki", using: parameters)
        #expect(remote.first?.label == local.first?.label)
        #expect(remote.first?.label.hasPrefix("Helsingfors") == true, "\(remote.first?.label ?? "nothing")")
    }
}
