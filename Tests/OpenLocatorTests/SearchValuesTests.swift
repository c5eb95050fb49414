import Foundation
import Testing

@testable import OpenLocator

/// `geocode(forSearchValues:using:)`: an address in ArcGIS's multiline fields, on the default
/// gazetteer and through a real server on 127.0.0.1.
@Suite struct SearchValuesTests {
    static func first(_ values: [String: String], task: LocatorTask? = nil) async throws -> GeocodeResult? {
        let parameters = GeocodeParameters()
        parameters.addResultAttributeName("*")
        return try await (task ?? Fixtures.task()).geocode(forSearchValues: values, using: parameters).first
    }

    @Test func fieldsFindWhatTheSingleLineFinds() async throws {
        let cases: [([String: String], String)] = [
            (["Address": "Mannerheimintie 10", "City": "Helsinki"], "Mannerheimintie 10, Helsinki"),
            (["address": "Yrjönkatu 10", "postal": "00120", "city": "Helsinki"], "Yrjönkatu 10, 00120, Helsinki"),
            (["City": "Portland", "Region": "ME"], "Portland, ME"),
            (["City": "Hamilton", "CountryCode": "NZ"], "Hamilton"),
        ]
        for (values, singleLine) in cases {
            let fields = try #require(try await Self.first(values), "\(values)")
            let parameters = GeocodeParameters()
            if let country = values["CountryCode"] { parameters.countryCode = country }
            let line = try #require(
                try await Fixtures.task().geocode(forSearchText: singleLine, using: parameters).first)
            #expect(fields.label == line.label, "\(values)")
        }
        // The country code filters: Hamilton in New Zealand, not Hamilton, Ontario.
        #expect(text(try await Self.first(["City": "Hamilton", "CountryCode": "NZ"]), "Country") == "NZL")
        #expect(try await Fixtures.task().geocode(forSearchValues: ["City": " "]).isEmpty)
    }

    @Test func anUnknownFieldIsNamed() async throws {
        do {
            _ = try await Fixtures.task().geocode(forSearchValues: ["Street": "Mannerheimintie 10"])
            Issue.record("no error")
        } catch let error as LocatorError {
            #expect(error.code == .invalidParameter)
            #expect(error.message.contains("'Street'") && error.message.contains("Address"), "\(error.message)")
        }
    }

    @Test func aRemoteTaskAnswersTheSame() async throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let remote = LocatorTask(url: mirror.serviceURL)
        let values = ["Address": "Mannerheimintie 10", "City": "Helsinki"]
        #expect(try await Self.first(values, task: remote)?.label == (try await Self.first(values))?.label)
    }
}
