import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether two paths name the same existing file (through links and other spellings too):
/// the same device and inode. Guards against writing an output over an input.
@_spi(CLI)
public func isSameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
}
