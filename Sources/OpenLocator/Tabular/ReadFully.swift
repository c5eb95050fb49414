import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Fills `bytes` from the file `fd` at `offset` with `pread`, going on after short reads and
/// interrupted calls. Returns `false` when the file ends or fails first.
func readFully(_ fd: Int32, into bytes: UnsafeMutableRawBufferPointer, at offset: Int64) -> Bool {
    var done = 0
    while done < bytes.count {
        let count = pread(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
    }
    return true
}
