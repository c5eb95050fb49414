import Foundation
import Testing

@testable import OpenLocator

#if canImport(Glibc)
    import Glibc
#endif

/// The descriptor a gazetteer is pinned by survives other code closing it by mistake (a
/// double `close` elsewhere in the program closes whatever had the number): the next
/// connection opens the file again when the path still holds it, and says plainly when not.
@Suite(.serialized) struct PinnedFileTests {
    /// The place count read through `depth` connections open at once, more than the pool
    /// keeps idle after earlier calls, so at least one is opened anew.
    static func placeCounts(_ store: GazetteerStore, depth: Int = 12) throws -> [Int] {
        try store.withConnection { db in
            var count = 0
            try db.statement("SELECT count(*) FROM places").forEachRow { count = Int($0.int(0)) }
            return try [count] + (depth > 1 ? placeCounts(store, depth: depth - 1) : [])
        }
    }

    /// Closes `descriptor` as a stray `close` would, and gives its number to a socket, as the
    /// next `socket()` of another thread would (in one step, `dup2`, so that no other test's
    /// file can take the number in between).
    static func strayClose(_ descriptor: Int32) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(dup2(socket, descriptor) == descriptor)
        close(socket)
    }

    @Test func aDescriptorClosedByOtherCodeIsOpenedAgainFromThePath() throws {
        let copy = try Fixtures.temporaryDirectory().appendingPathComponent("pinned.gazetteer")
        try FileManager.default.copyItem(at: try Fixtures.defaultGazetteerURL(), to: copy)
        let store = try GazetteerStore(path: copy.path)
        let before = try Self.placeCounts(store)
        #expect(before[0] > 100_000 && Set(before).count == 1)
        #expect(store.file.descriptor >= 512, "kept away from the low numbers that are reused at once")

        let lost = store.file.descriptor
        Self.strayClose(lost)
        defer { close(lost) }  // the socket that took the number
        #expect(try Self.placeCounts(store) == before)
        #expect(store.file.descriptor != lost)
        // And the task on top answers as before.
        let task = LocatorTask(gazetteer: copy)
        let results = try task.geocodeBlocking(forSearchText: "Helsinki", using: GeocodeParameters())
        #expect(results.first.map { text($0, "PlaceName") } == "Helsinki")
    }

    @Test func aClosedDescriptorWhoseFileWasReplacedIsAClearError() throws {
        let folder = try Fixtures.temporaryDirectory()
        let copy = folder.appendingPathComponent("pinned.gazetteer")
        try FileManager.default.copyItem(at: try Fixtures.defaultGazetteerURL(), to: copy)
        let store = try GazetteerStore(path: copy.path)
        _ = try Self.placeCounts(store)
        let other = folder.appendingPathComponent(".pinned.gazetteer.new")
        try FileManager.default.copyItem(at: copy, to: other)
        #expect(rename(other.path, copy.path) == 0)

        let lost = store.file.descriptor
        Self.strayClose(lost)
        defer { close(lost) }
        #expect {
            _ = try Self.placeCounts(store)
        } throws: { error in
            let message = (error as? LocatorError)?.message ?? ""
            return (error as? LocatorError)?.code == .gazetteerUnavailable
                && message.contains("'pinned.gazetteer' was closed by other code")
                && !message.contains(folder.path) && !message.contains("\n")
        }
    }
}
