import Foundation
import Testing

@testable import OpenLocator

/// geopy's authenticated ArcGIS mode, which only speaks https: two keyed `locator serve`
/// servers behind docs/deployment.md's nginx block with TLS (a self-signed certificate made
/// here with openssl), and geopy trusting it through its `ssl_context`.
@Suite struct GeopyAuthenticatedTests {
    /// A self-signed certificate for 127.0.0.1, valid two days.
    static func certificate(in folder: URL) throws -> NginxReplicasTests.Certificate {
        let tls = NginxReplicasTests.Certificate(
            certificate: folder.appendingPathComponent("cert.pem"), key: folder.appendingPathComponent("key.pem"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", tls.key.path, "-out", tls.certificate.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openssl could not make a certificate")
        return tls
    }

    @Test func geopysAuthenticatedModeExchangesTheKeyForATokenOverTLS() throws {
        let key = "key-\(UUID().uuidString)"
        let replicas = try [GazetteerMirror.start(apiKey: key), GazetteerMirror.start(apiKey: key)]
        defer { replicas.forEach { $0.stop() } }
        let folder = try Fixtures.temporaryDirectory()
        let tls = try Self.certificate(in: folder)
        let (nginx, port) = try NginxReplicasTests.startNginx(in: folder, replicas: replicas.map(\.port), tls: tls)
        defer {
            kill(nginx.processIdentifier, SIGKILL)
            nginx.waitUntilExit()
        }
        let answer = try PythonClient.run(
            try GeopyCompatibilityTests.python(), "geopy_authenticated.py", [String(port), key, tls.certificate.path])
        #expect(answer["token"] as? String == key, "the token geopy was given")
        let geocode = try #require(answer["geocode"] as? [String: Any])
        #expect(geocode["address"] as? String == "Stockmann")
        let stockmanns = try OpenDialectClientTests.rows("name = 'Stockmann' AND addr_type = 'POI'")
        let point = Point(latitude: geocode["lat"] as? Double ?? .nan, longitude: geocode["lon"] as? Double ?? .nan)
        #expect(stockmanns.contains { $0.location.distance(to: point) < 1 })
        #expect((answer["reverse"] as? String)?.contains("Helsinki") == true)
        #expect(answer["wrongKey"] as? String != "answered", "a wrong key gets no answer")
    }
}
