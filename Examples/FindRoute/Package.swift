// swift-tools-version:6.0
import Foundation
import PackageDescription

// OpenLocator is this repository, two folders up; a path dependency is named after its folder.
let openLocator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let package = Package(
    name: "FindRoute",
    dependencies: [.package(path: openLocator.path)],
    targets: [
        .executableTarget(
            name: "FindRoute",
            dependencies: [.product(name: "OpenLocator", package: openLocator.lastPathComponent.lowercased())])
    ],
    swiftLanguageModes: [.v6]
)
