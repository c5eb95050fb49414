import Foundation
import Testing

@testable import OpenLocator

#if canImport(Glibc)
    import Glibc
#endif

/// Every read-only connection of the process reads a gazetteer through one mapping of the whole
/// file (`CMappedVFS`), not a mapping each (SQLite's own, which also stops at 2 GB).
@Suite struct SharedMappingTests {
    /// The regions of this process's address space that map the file with `inode`, as
    /// (offset, length) from `/proc/self/maps`, read until two readings agree: the file is read
    /// in several `read` calls, and a region another test's thread maps or unmaps between two of
    /// them may hide a line of ours (a full `swift test` once saw none of this file's mapping).
    static func mappedRegions(ofInode inode: UInt64) throws -> [(offset: UInt64, length: UInt64)] {
        var last = try regionsOnce(ofInode: inode)
        for _ in 0..<50 {
            let again = try regionsOnce(ofInode: inode)
            if again.elementsEqual(last, by: { $0 == $1 }) { return again }
            last = again
        }
        Issue.record("/proc/self/maps never read the same twice for inode \(inode)")
        return last
    }

    private static func regionsOnce(ofInode inode: UInt64) throws -> [(offset: UInt64, length: UInt64)] {
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        return maps.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5, UInt64(fields[4]) == inode else { return nil }
            let range = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
            guard range.count == 2, let offset = UInt64(fields[2], radix: 16) else { return nil }
            return (offset, range[1] - range[0])
        }
    }

    @Test func connectionsShareOneMappingOfTheWholeFile() throws {
        let copy = try Fixtures.temporaryDirectory().appendingPathComponent("mapped.gazetteer")
        try FileManager.default.copyItem(at: try Fixtures.defaultGazetteerURL(), to: copy)
        var info = stat()
        #expect(stat(copy.path, &info) == 0)
        let inode = UInt64(info.st_ino)
        let size = UInt64(info.st_size)
        do {
            let store = try GazetteerStore(path: copy.path)
            // Twelve connections open at once, each having read pages all over the file.
            var regions: [(offset: UInt64, length: UInt64)] = []
            func nested(_ depth: Int) throws -> [Int] {
                try store.withConnection { db in
                    var count = 0
                    try db.statement("SELECT count(*) FROM places").forEachRow { count = Int($0.int(0)) }
                    if depth == 1 { regions = try Self.mappedRegions(ofInode: inode) }
                    return try [count] + (depth > 1 ? nested(depth - 1) : [])
                }
            }
            let counts = try nested(12)
            #expect(counts.count == 12 && Set(counts).count == 1 && counts[0] > 100_000)
            #expect(regions.count == 1, "one mapping for twelve connections, not one each")
            let pageSize = UInt64(sysconf(Int32(_SC_PAGESIZE)))
            #expect(regions.first?.offset == 0)
            #expect(regions.first?.length == (size + pageSize - 1) / pageSize * pageSize, "the whole file")
        }
        // The store and its connections gone, so is the mapping.
        #expect(try Self.mappedRegions(ofInode: inode).isEmpty)
    }

    @Test func aFileReplacedAtItsPathIsMappedApartFromTheOneInService() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("swapped.gazetteer")
        try FileManager.default.copyItem(at: try Fixtures.defaultGazetteerURL(), to: path)
        var first = stat()
        #expect(stat(path.path, &first) == 0)
        let old = try GazetteerStore(path: path.path)
        let before = try PinnedFileTests.placeCounts(old, depth: 2)
        let next = folder.appendingPathComponent(".swapped.gazetteer.new")
        try FileManager.default.copyItem(at: path, to: next)
        #expect(rename(next.path, path.path) == 0)
        var second = stat()
        #expect(stat(path.path, &second) == 0)
        let new = try GazetteerStore(path: path.path)
        #expect(try PinnedFileTests.placeCounts(new, depth: 2) == before)
        #expect(try PinnedFileTests.placeCounts(old, depth: 3) == before + [before[0]])
        #expect(try Self.mappedRegions(ofInode: UInt64(first.st_ino)).count == 1)
        #expect(try Self.mappedRegions(ofInode: UInt64(second.st_ino)).count == 1)
    }
}
