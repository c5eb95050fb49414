import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary file written through a buffer and then mapped for reading, or read back with
/// `pread` (a part at a time, or whole). The file is unlinked as soon as it is created, so
/// nothing is left behind however the process ends.
final class AppendOnlyFile {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private let bufferSize: Int
    private var written: Int64 = 0
    private var mapping: UnsafeMutableRawPointer?
    private var mappedLength = 0
    private var mappedProtection: Int32 = 0

    /// - Parameter bufferSize: how much is gathered before each write to the file.
    init(directory: URL, bufferSize: Int = 1 << 20) throws {
        var template = Array(directory.appendingPathComponent(".openlocator-build-XXXXXX").path.utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw LocatorError(.buildFailed, "cannot make a temporary file for the build") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        self.fd = fd
        self.bufferSize = bufferSize
        buffer.reserveCapacity(bufferSize)
    }

    deinit {
        if let mapping { munmap(mapping, mappedLength) }
        close(fd)
    }

    /// Bytes appended so far.
    var length: Int64 { written + Int64(buffer.count) }

    func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard mapping == nil else {
            throw LocatorError(.buildFailed, "the build wrote to a temporary file after reading it back")
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= bufferSize { try flush() }
    }

    private func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let count = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + offset, buffer.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw LocatorError(.buildFailed, "writing a temporary file for the build failed (disk full?)")
            }
            offset += count
        }
        written += Int64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Everything written, read into memory (for a file that is one part of many).
    func contents() throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Int(length))
        try bytes.withUnsafeMutableBytes { try read(into: $0, at: 0) }
        return bytes
    }

    /// Fills `bytes` from the file at `offset` (which must be within what was written).
    func read(into bytes: UnsafeMutableRawBufferPointer, at offset: Int) throws {
        if !buffer.isEmpty { try flush() }
        guard readFully(fd, into: bytes, at: Int64(offset)) else {
            throw LocatorError(.buildFailed, "reading a temporary file of the build failed")
        }
    }

    /// Everything written, mapped read-only (empty when nothing was).
    func mapped() throws -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(try map(PROT_READ))
    }

    /// Everything written, mapped for reading and writing in place (to sort it, say). Pages
    /// written back go to the file, not to memory the process must keep.
    func mappedForUpdate() throws -> UnsafeMutableRawBufferPointer {
        try map(PROT_READ | PROT_WRITE)
    }

    private func map(_ protection: Int32) throws -> UnsafeMutableRawBufferPointer {
        if let mapping {
            guard protection & ~mappedProtection == 0 else {
                throw LocatorError(.buildFailed, "a temporary file of the build was mapped read-only")
            }
            return UnsafeMutableRawBufferPointer(start: mapping, count: mappedLength)
        }
        try flush()
        guard written > 0 else { return UnsafeMutableRawBufferPointer(start: nil, count: 0) }
        guard let pointer = mmap(nil, Int(written), protection, MAP_SHARED, fd, 0), pointer != MAP_FAILED else {
            throw LocatorError(.buildFailed, "cannot map a temporary file for the build")
        }
        mapping = pointer
        mappedProtection = protection
        mappedLength = Int(written)
        return UnsafeMutableRawBufferPointer(start: pointer, count: mappedLength)
    }
}
