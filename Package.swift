// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "OpenLocator",
    products: [
        .library(name: "OpenLocator", targets: ["OpenLocator"]),
        .library(name: "LocatorServer", targets: ["LocatorServer"]),
        .executable(name: "locator", targets: ["locator"]),
        .executable(name: "locator-bench", targets: ["locator-bench"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLinux"),
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .target(name: "CPROJ", linkerSettings: [.linkedLibrary("dl")]),  // PROJ itself is dlopen'ed
        .target(name: "CMappedVFS", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "OpenLocator", dependencies: ["CSQLite", "CZlib", "CICU", "CPROJ", "CMappedVFS"]),
        .target(name: "LocatorServer", dependencies: ["OpenLocator", "CLinux", "CZlib"]),
        .executableTarget(name: "locator", dependencies: ["OpenLocator", "LocatorServer"]),
        .executableTarget(name: "locator-bench", dependencies: ["OpenLocator"], path: "Benchmarks/locator-bench"),
        .testTarget(
            name: "OpenLocatorTests", dependencies: ["OpenLocator", "LocatorServer", "locator"],
            exclude: ["Clients"]),
    ],
    swiftLanguageModes: [.v6]
)
