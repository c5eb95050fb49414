import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// `Transfer-Encoding: chunked` request bodies (RFC 9112 §7.1) over raw sockets and from real
/// clients that send them (curl, Python's http.client): read like a Content-Length body, with
/// the same limits, and a malformed one refused with a one-line 4xx, never a hang.
@Suite struct ChunkedBodyTests {
    static let path = GeocodeServerRoutes.servicePath
    static let form = "singleLine=Mannerheimintie%2010%2C%20Helsinki&outFields=Match_addr&f=json"

    /// `text` in chunks of `size` bytes, with an extension on each chunk.
    static func chunked(_ text: String, size: Int, trailer: String = "") -> String {
        let bytes = Array(text.utf8)
        var out = ""
        for start in stride(from: 0, to: bytes.count, by: size) {
            let piece = bytes[start..<min(bytes.count, start + size)]
            out += String(piece.count, radix: 16) + ";name=\"v\"\r\n" + String(decoding: piece, as: UTF8.self) + "\r\n"
        }
        return out + "0\r\n" + trailer + "\r\n"
    }

    static func head(_ extra: String = "") -> String {
        "POST \(path)/findAddressCandidates HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n\(extra)"
    }

    @Test func aChunkedBodyIsReadAsTheSameBodyWithContentLength() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let plain = try #require(
            try RawHTTP.exchange(
                port: mirror.port,
                Self.head("Content-Length: \(Self.form.utf8.count)\r\nConnection: close\r\n\r\n") + Self.form))
        #expect(plain.status == 200 && plain.body.contains("Mannerheimintie 10"))
        // Chunks of 7 bytes with extensions, a trailer field, and lowercase/uppercase hex.
        let body = Self.chunked(Self.form, size: 7, trailer: "X-Checksum: abc\r\n")
        let chunked = try #require(
            try RawHTTP.exchange(
                port: mirror.port, Self.head("Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n") + body))
        #expect(chunked.status == 200)
        #expect(chunked.body == plain.body)
        let upper = try #require(
            try RawHTTP.exchange(
                port: mirror.port,
                Self.head("Transfer-Encoding: Chunked\r\nConnection: close\r\n\r\n")
                    + "\(String(Self.form.utf8.count, radix: 16).uppercased())\r\n\(Self.form)\r\n0\r\n\r\n"))
        #expect(upper.body == plain.body, "the coding name and the hex digits in any case")
    }

    @Test func aChunkedBodySentInPiecesIsAnsweredAndTheConnectionGoesOn() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let client = try RawHTTP(port: mirror.port)
        let request = Self.head("Transfer-Encoding: chunked\r\n\r\n") + Self.chunked(Self.form, size: 5)
        // Byte runs cut through the size lines, the data and the final CRLFs.
        let bytes = Array(request.utf8)
        for start in stride(from: 0, to: bytes.count, by: 13) {
            client.send(Data(bytes[start..<min(bytes.count, start + 13)]))
            usleep(2_000)
        }
        let first = try #require(client.readResponse())
        #expect(first.status == 200 && first.body.contains("Mannerheimintie 10"))
        // The same connection takes the next request, pipelined after a chunked one.
        client.send(Self.head("Transfer-Encoding: chunked\r\n\r\n") + Self.chunked(Self.form, size: 64))
        client.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        let second = try #require(client.readResponse())
        #expect(second.status == 200 && second.body.contains("Mannerheimintie 10"))
        let third = try #require(client.readResponse())
        #expect(third.status == 200 && third.body == #"{"status":"ok"}"#)
    }

    @Test func malformedChunkedBodiesAreRefusedWithOneLine() throws {
        var limits = HTTPServer.Limits()
        limits.maxBodyBytes = 1000
        limits.maxHeaderBytes = 2000
        let mirror = try GazetteerMirror.start(limits: limits)
        defer { mirror.stop() }
        let te = "Transfer-Encoding: chunked\r\n\r\n"
        let cases: [(String, Int, String)] = [
            (te + "zz\r\nabc\r\n0\r\n\r\n", 400, "not a hex size"),
            (te + ";x\r\nabc\r\n0\r\n\r\n", 400, "no size at all"),
            (te + "3 x\r\nabc\r\n0\r\n\r\n", 400, "junk after the size"),
            (te + "3\r\nabcd\r\n0\r\n\r\n", 400, "more data than the size"),
            (te + "3\nabc\r\n0\r\n\r\n", 400, "a bare LF after the size"),
            (te + "3\r\nabc\r\n0\r\nno colon\r\n\r\n", 400, "a trailer that is no field"),
            (te + "ffffffffffffffffffffffff\r\n", 413, "a size that overflows"),
            (te + "3e9\r\n", 413, "a chunk larger than the body limit"),
            (
                te + String(repeating: "1f4\r\n\(String(repeating: "a", count: 500))\r\n", count: 3), 413,
                "chunks adding up beyond the body limit"
            ),
            (te + "3\r\nabc\r\n0\r\nX-T: \(String(repeating: "t", count: 3000))\r\n\r\n", 431, "trailers too large"),
            (te + "3;" + String(repeating: "e", count: 5000) + "\r\nabc\r\n0\r\n\r\n", 400, "an endless extension"),
            ("Transfer-Encoding: gzip, chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", 501, "a coding besides chunked"),
            ("Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501, "codings on two lines"),
            ("Transfer-Encoding: chunked\r\nTransfer-Encoding: gzip\r\n\r\n0\r\n\r\n", 501, "chunked not last"),
            ("Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n", 400, "both framings"),
            // 300 bytes of data in 30 KB of framing: more than the connection's buffer holds.
            (
                te + String(repeating: "1;\(String(repeating: "x", count: 100))\r\na\r\n", count: 300) + "0\r\n\r\n",
                413,
                "framing beyond what a request may occupy"
            ),
        ]
        for (request, status, why) in cases {
            let answer = try #require(try RawHTTP.exchange(port: mirror.port, Self.head(request)), "\(why)")
            #expect(answer.status == status, "\(why)")
            #expect(answer.body.hasPrefix(#"{"error":{"code":\#(status),"#) && !answer.body.contains("\n"), "\(why)")
        }
        let old = try #require(
            try RawHTTP.exchange(
                port: mirror.port,
                "POST \(Self.path)/findAddressCandidates HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"))
        #expect(old.status == 400, "HTTP/1.0 has no chunks")
        #expect(try LocatorServerTests.get(mirror.port, "/health").status == 200)
    }

    /// A chunked body that stops half way is a slow client: 408 after the read timeout, as a
    /// short Content-Length body is.
    @Test func aStalledChunkedBodyTimesOut() throws {
        var limits = HTTPServer.Limits()
        limits.readTimeout = 1
        let mirror = try GazetteerMirror.start(limits: limits)
        defer { mirror.stop() }
        let client = try RawHTTP(port: mirror.port)
        client.send(Self.head("Transfer-Encoding: chunked\r\n\r\n") + "a\r\nsingle")
        #expect(client.readAll(seconds: 5).hasPrefix("HTTP/1.1 408"))
        #expect(try LocatorServerTests.get(mirror.port, "/health").status == 200)
    }

    @Test func curlAndPythonSendChunkedBodiesThatAreRead() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let url = "http://127.0.0.1:\(mirror.port)\(Self.path)/findAddressCandidates"
        // curl streams stdin of unknown length as chunks when told to.
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = [
            "-s", "--trace-ascii", "-", "-H", "Transfer-Encoding: chunked", "-H",
            "Content-Type: application/x-www-form-urlencoded", "--data-binary", "@-", url,
        ]
        let input = Pipe()
        let output = Pipe()
        curl.standardInput = input
        curl.standardOutput = output
        try curl.run()
        input.fileHandleForWriting.write(Data(Self.form.utf8))
        try input.fileHandleForWriting.close()
        let curlOut = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        #expect(curl.terminationStatus == 0)
        #expect(curlOut.contains("Transfer-Encoding: chunked"), "curl sent the body in chunks")
        #expect(curlOut.contains("Mannerheimintie 10"))

        let script = """
            import http.client, sys
            connection = http.client.HTTPConnection("127.0.0.1", \(mirror.port))
            pieces = iter([b"singleLine=Mannerheimintie%2010", b"%2C%20Helsinki", b"&outFields=Match_addr&f=json"])
            connection.request("POST", "\(Self.path)/findAddressCandidates", body=pieces,
                headers={"Content-Type": "application/x-www-form-urlencoded"}, encode_chunked=True)
            response = connection.getresponse()
            sys.stdout.write(str(response.status) + " " + response.read().decode())
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", script]
        let pythonOut = Pipe()
        python.standardOutput = pythonOut
        try python.run()
        let text = String(decoding: pythonOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        #expect(text.hasPrefix("200 ") && text.contains("Mannerheimintie 10"), "\(text.prefix(300))")
    }
}
