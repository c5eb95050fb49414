import Foundation

@testable import OpenLocator

/// A GeocodeServer on 127.0.0.1 that answers from the default gazetteer, in the ArcGIS JSON
/// shapes `locator find --format json` prints: the remote backend pointed at it must give
/// what the embedded gazetteer gives.
enum GazetteerMirror {
    static func start() throws -> StubHTTPServer {
        let task = try Fixtures.task()
        return try StubHTTPServer { request in
            let outcome = Outcome()
            let done = DispatchSemaphore(value: 0)
            Task {
                outcome.body = await answer(request, task: task)
                done.signal()
            }
            done.wait()
            return .json(outcome.body)
        }
    }

    private final class Outcome: @unchecked Sendable { var body = "" }

    private static func answer(_ request: StubHTTPServer.Request, task: LocatorTask) async -> String {
        do {
            switch request.operation {
            case "findAddressCandidates":
                let find = try FindAddressCandidatesRequest(request.parameters)
                let parameters = find.geocodeParameters
                let results: [GeocodeResult]
                if let key = find.magicKey {
                    results = try await task.geocode(
                        forSuggestResult: SuggestResult(label: find.singleLine, isCollection: false, magicKey: key),
                        using: parameters)
                } else {
                    results = try await task.geocode(forSearchText: find.singleLine, using: parameters)
                }
                return ArcGISResponses.findAddressCandidates(results, spatialReference: find.outSR ?? .wgs84)
                    .serialized()
            case "reverseGeocode":
                let reverse = try ReverseGeocodeRequest(request.parameters)
                guard
                    let result = try await task.reverseGeocode(
                        forLocation: reverse.location, parameters: reverse.reverseParameters()
                    ).first
                else { return ArcGISResponses.unableToFindAddress.serialized() }
                return ArcGISResponses.reverseGeocode(result, spatialReference: reverse.outSR ?? .wgs84).serialized()
            case "suggest":
                let suggest = try SuggestRequest(request.parameters)
                return ArcGISResponses.suggest(
                    try await task.suggest(forSearchText: suggest.text, parameters: suggest.suggestParameters)
                ).serialized()
            default:
                return ArcGISResponses.error(code: 400, message: "Unknown operation", details: []).serialized()
            }
        } catch {
            return ArcGISResponses.error(code: 400, message: "\(error)", details: []).serialized()
        }
    }
}
