// locator-bench: latency of the four query kinds on the default gazetteer and on a synthetic
// gazetteer of 1,000,000 places, plus build time and file size. It prints figures; it never
// fails a build. Run: swift run -c release locator-bench [--places N] [--queries N]
import Foundation
@_spi(Benchmarks) import OpenLocator

struct Options {
    var places = 1_000_000
    var queries = 2_000
    /// Keep the synthetic gazetteer here, and reuse it when it exists.
    var syntheticPath: String?
    /// Skip the default gazetteer's build and queries.
    var syntheticOnly = false
    /// Keep the synthetic places' CSV here, to time `locator build --places` on it.
    var csvPath: String?
    /// Run only this workload (batch, category, text, typo, address, reverse, suggest, world,
    /// reverse-batch), e.g. under a profiler.
    var only: String?
    /// Points for the reverse-batch workload, one "lat,lon" a line (a header line is skipped),
    /// so another tool can be timed on the same points; else 200,000 around GeoNames cities.
    var pointsPath: String?
    /// Print this many of each workload's slowest queries, to see what makes its tail.
    var slowest = 0
    /// The spatial reference answers are written in (`--out-sr WKID`): 4326 by default, 3857
    /// or any PROJ knows, to time the projection of every result.
    var outSR = SpatialReference.wgs84
    /// Time this one text (`--query TEXT`, with `--near LAT,LON`) on the synthetic gazetteer
    /// instead of the workloads, warm, and print how each of its readings went.
    var query: String?
    /// Time this one suggest text instead (`--suggest TEXT`, with `--near LAT,LON`).
    var suggestText: String?
    var near: Point?
    static func usage() -> Never {
        print(
            "usage: locator-bench [--places N] [--queries N] [--synthetic PATH] [--synthetic-only] [--keep-csv PATH] [--only WORKLOAD] [--points FILE] [--slowest N] [--out-sr WKID] [--query TEXT | --suggest TEXT [--near LAT,LON]]"
        )
        exit(64)
    }

    init() {
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            switch argument {
            case "--places": places = Int(arguments.next() ?? "") ?? places
            case "--queries": queries = Int(arguments.next() ?? "") ?? queries
            case "--synthetic": syntheticPath = arguments.next()
            case "--synthetic-only": syntheticOnly = true
            case "--keep-csv":
                guard let path = arguments.next() else { Self.usage() }
                csvPath = path
            case "--only":
                guard let name = arguments.next() else { Self.usage() }
                only = name
            case "--points":
                guard let path = arguments.next() else { Self.usage() }
                pointsPath = path
            case "--slowest": slowest = Int(arguments.next() ?? "") ?? 5
            case "--query":
                guard let text = arguments.next() else { Self.usage() }
                query = text
            case "--suggest":
                guard let text = arguments.next() else { Self.usage() }
                suggestText = text
            case "--near":
                let parts = (arguments.next() ?? "").split(separator: ",").compactMap { Double($0) }
                guard parts.count == 2 else { Self.usage() }
                near = Point(latitude: parts[0], longitude: parts[1])
            case "--out-sr":
                guard let wkid = Int(arguments.next() ?? ""), let sr = SpatialReference(wkid: wkid) else {
                    Self.usage()
                }
                outSR = sr
            default: Self.usage()
            }
        }
    }
}

/// A deterministic random source, so every run asks the same queries.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Latencies of one workload, in milliseconds.
struct Sample {
    var milliseconds: [Double]
    /// The slowest queries (with `--slowest`), slowest first.
    var slowest: [(milliseconds: Double, query: String)] = []
    func percentile(_ p: Double) -> Double {
        let sorted = milliseconds.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
    }
    var median: Double { percentile(0.5) }
}

/// Runs `body` for each query after a warm-up, timing each call.
func measure<Q>(_ queries: [Q], warmUp: Int = 200, _ body: (Q) async throws -> Void) async rethrows -> Sample {
    for query in queries.prefix(warmUp) { try await body(query) }
    var times: [Double] = []
    times.reserveCapacity(queries.count)
    for query in queries {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body(query)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    let slowest = times.indices.sorted { times[$0] > times[$1] }.prefix(options.slowest).map {
        (times[$0], String(describing: queries[$0]))
    }
    return Sample(milliseconds: times, slowest: slowest)
}

func report(_ label: String, _ sample: Sample, baseline: Sample? = nil, baselineName: String = "brute-force scan") {
    var line = "  " + label.padding(toLength: 44, withPad: " ", startingAt: 0)
    line += String(
        format: " p50 %7.3f ms   p95 %7.3f ms   p99 %7.3f ms", sample.median, sample.percentile(0.95),
        sample.percentile(0.99))
    if let baseline {
        line += String(
            format: "   (baseline: \(baselineName) p50 %.3f ms, %.1f× faster)", baseline.median,
            baseline.median / sample.median)
    }
    print(line)
    for (milliseconds, query) in sample.slowest { print(String(format: "      %9.3f ms  ", milliseconds) + query) }
}

/// The workloads: category near a point, free text, address, reverse; on real data, the
/// world's ways of writing places too.
struct Workload {
    var points: [Point]
    var names: [String]
    var addresses: [String]
    /// Qualified places, landmarks the data lacks, junk and categories far from their places.
    var world: [(String, Point?)] = []
}

/// Whether a workload is to run (all of them unless `--only` names one).
/// Geocode parameters whose answers are written in `sr`.
func answersIn(_ sr: SpatialReference) -> GeocodeParameters {
    let parameters = GeocodeParameters()
    parameters.outputSpatialReference = sr
    return parameters
}

/// `--only projection`: the cost of projecting one point from WGS84, by OpenLocator's own
/// formulas (3857) and through PROJ (`--out-sr`, 3067 by default), in a plain loop.
func timeProjection(_ target: SpatialReference) {
    let points = (0..<1_000_000).map {
        Point(latitude: 60 + Double($0 % 1000) * 1e-4, longitude: 24 + Double($0 / 1000) * 1e-3)
    }
    for sr in [SpatialReference.webMercator, target] {
        var sum = 0.0
        let start = DispatchTime.now().uptimeNanoseconds
        for point in points { sum += point.projected(to: sr).x }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(
            String(
                format: "project 1,000,000 points to %@: %.3f µs a point (checksum %.0f)", sr.description, seconds, sum)
        )
    }
}

func wants(_ name: String) -> Bool { options.only.map { $0 == name } ?? true }

func run(_ title: String, task: LocatorTask, workload: Workload, queries: Int) async throws {
    print(title)
    if wants("category") { try await runCategory(task: task, workload: workload, queries: queries) }
    if wants("text") { try await runText(task: task, workload: workload, queries: queries) }
    if wants("typo") { try await runTypos(task: task, workload: workload, queries: queries) }
    if wants("address") {
        let address = try await measure(Array(workload.addresses.prefix(queries))) { address in
            _ = try await task.geocode(forSearchText: address, using: answersIn(options.outSR))
        }
        report("address (street + number)", address)
    }
    if wants("reverse") {
        let reverse = try await measure(Array(workload.points.prefix(queries))) { point in
            let parameters = ReverseGeocodeParameters()
            parameters.outputSpatialReference = options.outSR
            _ = try await task.reverseGeocode(forLocation: point, parameters: parameters)
        }
        report("reverse geocode (all feature types)", reverse)
    }
    if wants("suggest") { try await runSuggest(task: task, workload: workload, queries: queries) }
    if wants("world"), !workload.world.isEmpty {
        let world = try await measure((0..<queries).map { workload.world[$0 % workload.world.count] }) { text, point in
            let parameters = answersIn(options.outSR)
            parameters.preferredSearchLocation = point
            _ = try await task.geocode(forSearchText: text, using: parameters)
        }
        report("world (qualifiers, landmarks, junk, far categories)", world)
    }
}

func runCategory(task: LocatorTask, workload: Workload, queries: Int) async throws {
    let categories = ["Coffee Shop", "Hotel", "Park", "Food"]
    let categoryQueries = workload.points.prefix(queries).enumerated().map { (categories[$0.offset % 4], $0.element) }
    let near = try await measure(categoryQueries) { category, point in
        let parameters = answersIn(options.outSR)
        parameters.preferredSearchLocation = point
        parameters.addCategory(category)
        _ = try await task.geocode(forSearchText: "", using: parameters)
    }
    let baseline = try await measure(Array(categoryQueries.prefix(max(50, queries / 20))), warmUp: 10) {
        category, point in
        _ = try await task.bruteForceNearest(category: category, to: point, k: 10)
    }
    report("category top-10 near a point (R*Tree kNN)", near, baseline: baseline)
}

func runText(task: LocatorTask, workload: Workload, queries: Int) async throws {
    let text = try await measure(Array(workload.names.prefix(queries))) { name in
        let parameters = answersIn(options.outSR)
        parameters.preferredSearchLocation = workload.points[0]
        _ = try await task.geocode(forSearchText: name, using: parameters)
    }
    report("free text (names, with a point)", text)
}

func runTypos(task: LocatorTask, workload: Workload, queries: Int) async throws {
    // The same names with one letter dropped (from the third on), for typo tolerance.
    let misspelt = workload.names.prefix(queries).enumerated().map { index, name -> String in
        var letters = Array(name)
        if letters.count >= 6 { letters.remove(at: 2 + index % (letters.count - 2)) }
        return String(letters)
    }
    let typos = try await measure(misspelt) { name in
        let parameters = answersIn(options.outSR)
        parameters.preferredSearchLocation = workload.points[0]
        _ = try await task.geocode(forSearchText: name, using: parameters)
    }
    report("free text with one typo", typos)
}

func runSuggest(task: LocatorTask, workload: Workload, queries: Int) async throws {
    // Suggest as typed: every prefix of 2 to 12 characters of the names, half with a point.
    var twoLetters: [(String, Point?)] = []
    var longer: [(String, Point?)] = []
    for (index, name) in workload.names.prefix(queries).enumerated() {
        let point = index % 2 == 0 ? workload.points[index % workload.points.count] : nil
        let characters = Array(name)
        guard characters.count >= 2 else { continue }
        twoLetters.append((String(characters.prefix(2)), point))
        for length in 3...min(12, max(3, characters.count)) where length <= characters.count {
            longer.append((String(characters.prefix(length)), point))
        }
    }
    func suggest(_ text: String, _ point: Point?) async throws {
        let parameters = SuggestParameters()
        parameters.preferredSearchLocation = point
        _ = try await task.suggest(forSearchText: text, parameters: parameters)
    }
    let shortSuggest = try await measure(twoLetters) { try await suggest($0, $1) }
    let plainShort = try await measure(Array(twoLetters.prefix(max(50, queries / 10))), warmUp: 10) { text, _ in
        _ = try await task.plainPrefixSearch(text, k: 5)
    }
    report("suggest, 2 characters", shortSuggest, baseline: plainShort, baselineName: "plain FTS5 prefix")
    report("suggest, 3+ characters (\(longer.count) prefixes)", try await measure(longer) { try await suggest($0, $1) })
}

/// `--query TEXT`: one text geocoded once, timed and explained, once another query has opened
/// the connection (what it costs before its lists were ever read), then 50 times after 4 more
/// runs: the median, the slowest, and the last run's explanation (each reading's time and what
/// it found).
func timeOneQuery(_ text: String, near: Point?, task: LocatorTask) async throws {
    let parameters = answersIn(options.outSR)
    parameters.preferredSearchLocation = near
    _ = try await task.geocode(forSearchText: "Paris", using: parameters)  // (opens the connection)
    let clock = ContinuousClock()
    parameters.explain = true
    var firstExplanation: QueryExplanation?
    let first = try await clock.measure {
        firstExplanation = try await task.geocodeResponse(forSearchText: text, using: parameters).explanation
    }
    parameters.explain = false
    print(
        String(
            format: "  first run %.3f ms",
            Double(first.components.attoseconds) / 1e15 + Double(first.components.seconds) * 1e3))
    if let firstExplanation { print(firstExplanation) }
    for _ in 0..<4 { _ = try await task.geocode(forSearchText: text, using: parameters) }
    let sample = try await measure(Array(repeating: text, count: 50), warmUp: 0) { text in
        _ = try await task.geocode(forSearchText: text, using: parameters)
    }
    report(text, sample)
    parameters.explain = true
    if let explanation = try await task.geocodeResponse(forSearchText: text, using: parameters).explanation {
        print(explanation)
    }
}

/// `--suggest TEXT`: one suggest text timed the first time and 50 times after 5 warm-up runs.
func timeOneSuggest(_ text: String, near: Point?, task: LocatorTask) async throws {
    let parameters = SuggestParameters()
    parameters.preferredSearchLocation = near
    _ = try await task.suggest(forSearchText: "Pa", parameters: parameters)  // (opens the connection)
    let start = DispatchTime.now().uptimeNanoseconds
    let suggestions = try await task.suggest(forSearchText: text, parameters: parameters)
    print(String(format: "  first run %.3f ms", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6))
    for _ in 0..<5 { _ = try await task.suggest(forSearchText: text, parameters: parameters) }
    report(
        text,
        try await measure(Array(repeating: text, count: 50), warmUp: 0) { text in
            _ = try await task.suggest(forSearchText: text, parameters: parameters)
        })
    for suggestion in suggestions { print("    " + suggestion.label) }
}

/// Batch geocoding of the gazetteer's own addresses: reverse geocode a grid of points to
/// addresses, then geocode them back as one batch. Prints rows/s (and per core) against the
/// same rows geocoded one by one on one thread, and how many land within 50 m.
func batchRoundTrip(_ task: LocatorTask, rows: Int) async throws {
    let parameters = ReverseGeocodeParameters()
    parameters.addFeatureType(.pointAddress)
    parameters.maxDistance = 500
    var truth: [(text: String, at: Point)] = []
    var lat = 60.1650
    while truth.count < rows {
        var lon = 24.9360
        while truth.count < rows, lon < 24.9530 {
            if let found = try await task.reverseGeocode(
                forLocation: Point(latitude: lat, longitude: lon), parameters: parameters
            ).first, let location = found.displayLocation {
                truth.append((found.label, location))
            }
            lon += 0.0004
        }
        lat = lat < 60.1790 ? lat + 0.0003 : 60.1650 + Double(truth.count % 7) * 0.00004
    }
    let texts = truth.map(\.text)
    let batchParameters = GeocodeParameters()
    batchParameters.addResultAttributeNames(["Addr_type", "PlaceName"])
    _ = try await task.geocode(batch: Array(texts.prefix(200)), using: batchParameters)  // warm up
    var batchSeconds: [Double] = []
    var singleSeconds: [Double] = []
    var matches: [BatchMatch] = []
    for _ in 0..<3 {  // paired runs, alternating
        var started = Date()
        matches = try await task.geocode(batch: texts, using: batchParameters)
        batchSeconds.append(Date().timeIntervalSince(started))
        started = Date()
        let single = GeocodeParameters()
        single.addResultAttributeNames(["Addr_type", "PlaceName"])
        single.maxResults = 2
        for text in texts.prefix(texts.count / 4) { _ = try await task.geocode(forSearchText: text, using: single) }
        singleSeconds.append(Date().timeIntervalSince(started) * 4)
    }
    let within = zip(matches, truth).filter { match, truth in
        match.result?.displayLocation.map { $0.distance(to: truth.at) <= 50 } ?? false
    }.count
    let batch = batchSeconds.sorted()[1]
    let single = singleSeconds.sorted()[1]
    let cores = ProcessInfo.processInfo.activeProcessorCount
    print(
        String(
            format:
                "  batch round trip (%d own addresses)     median %.0f rows/s = %.0f rows/s per core on %d cores (baseline: one by one on one thread %.0f rows/s, %.2f× faster); %.1f%% within 50 m",
            texts.count, Double(texts.count) / batch, Double(texts.count) / batch / Double(cores), cores,
            Double(texts.count) / single, single / batch, 100 * Double(within) / Double(texts.count)))
}

/// Batch reverse geocoding: the nearest town of many points (the job of Python's
/// `reverse_geocoder`), then what is at points in the street extract (POIs, addresses,
/// streets). Prints points/s of `reverseGeocode(batch:)` on every core, against the same
/// points looped one by one through `reverseGeocode(forLocation:)` on one thread (on a task
/// of its own, whose single searches go through the R*Tree as before batches existed).
func batchReverse(_ task: LocatorTask, file: URL, points: [Point], streetPoints: [Point]) async throws {
    let single = LocatorTask(gazetteer: file)
    // What Python's reverse_geocoder gives: the name, its regions and country (and the
    // distance, in BatchMatch.distance).
    let towns = ReverseGeocodeParameters()
    towns.addFeatureType(.locality)
    towns.maxDistance = 50_000
    towns.addResultAttributeNames(["PlaceName", "Region", "Subregion", "Country"])
    var started = Date()
    _ = try await task.reverseGeocode(batch: Array(points.prefix(10)), parameters: towns)
    print(String(format: "  reverse batch: the locality tree built in %.2f s", Date().timeIntervalSince(started)))
    let cores = ProcessInfo.processInfo.activeProcessorCount
    func rate(_ label: String, _ points: [Point], _ parameters: ReverseGeocodeParameters) async throws {
        var batchSeconds: [Double] = []
        var singleSeconds: [Double] = []
        var matched = 0
        let sample = Array(points.prefix(max(1000, points.count / 20)))
        for _ in 0..<3 {  // paired runs, alternating
            started = Date()
            let matches = try await task.reverseGeocode(batch: points, parameters: parameters)
            batchSeconds.append(Date().timeIntervalSince(started))
            matched = matches.filter { $0.result != nil }.count
            started = Date()
            for point in sample { _ = try await single.reverseGeocode(forLocation: point, parameters: parameters) }
            singleSeconds.append(Date().timeIntervalSince(started) * Double(points.count) / Double(sample.count))
        }
        let batch = batchSeconds.sorted()[1], single = singleSeconds.sorted()[1]
        print(
            String(
                format:
                    "  %@ (%d points)  median %.0f points/s on %d cores = %.0f per core (baseline: one by one on one thread %.0f points/s, %.1f× faster); %.1f%% matched",
                label, points.count, Double(points.count) / batch, cores, Double(points.count) / batch / Double(cores),
                Double(points.count) / single, single / batch, 100 * Double(matched) / Double(points.count)))
        // (The first batch builds each place's result; the later ones copy it from the shelf.)
        print(
            "    batches in order: "
                + batchSeconds.map { String(format: "%.0f", Double(points.count) / $0) }.joined(separator: ", ")
                + " points/s")
    }
    try await rate("reverse batch, nearest town within 50 km", points, towns)
    try await rate("reverse batch, all feature types (Helsinki)", streetPoints, ReverseGeocodeParameters())
}

/// "lat,lon" lines of a file (a first line that is not numbers is a header).
func readPoints(_ path: String) throws -> [Point] {
    try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).compactMap { line in
        let parts = line.split(separator: ",")
        guard parts.count >= 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else { return nil }
        return Point(latitude: lat, longitude: lon)
    }
}

func fileSize(_ url: URL) -> Double {
    Double((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0)
        / 1_048_576
}

let options = Options()
var random = SplitMix(state: 42)
if options.only == "projection" {
    timeProjection(options.outSR == .wgs84 ? SpatialReference(wkid: 3067)! : options.outSR)
    exit(0)
}

// 1. Build time and size of the default gazetteer.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("locator-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }
let defaultCopy = scratch.appendingPathComponent("default.gazetteer")
let defaultTask: LocatorTask
if options.syntheticOnly {
    defaultTask = LocatorTask(gazetteer: try DefaultGazetteer.url())
} else {
    let build = try DefaultGazetteer.builder.build(to: defaultCopy)
    print(
        String(
            format: "default gazetteer: built in %.2f s, %.1f MB, %d places", build.seconds, fileSize(defaultCopy),
            build.counts.values.reduce(0, +)))

    // 2. Queries on the default gazetteer: points in central Helsinki, real names and addresses.
    defaultTask = LocatorTask(gazetteer: defaultCopy)
    var helsinkiPoints: [Point] = []
    for _ in 0..<options.queries {
        helsinkiPoints.append(
            Point(
                latitude: Double.random(in: 60.1650...60.1780, using: &random),
                longitude: Double.random(in: 24.9370...24.9520, using: &random)))
    }
    var names: [String] = []
    var addresses: [String] = []
    for category in ["Coffee Shop", "Restaurant", "Hotel", "Bar or Pub", "Clothing Store"] {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = helsinkiPoints[0]
        parameters.addCategory(category)
        parameters.maxResults = 50
        parameters.addResultAttributeName("*")
        for result in try await defaultTask.geocode(forSearchText: "", using: parameters) {
            names.append(result.attributeValues["PlaceName"]?.stringValue ?? "")
            if let street = result.attributeValues["StAddr"]?.stringValue,
                result.attributeValues["AddNum"]?.stringValue?.isEmpty == false
            {
                addresses.append(street)
            }
        }
    }
    names += ["Helsinki", "Malibu", "Springfield", "Paris", "Москва", "Helsingfors", "Kamppi", "Stockm"]
    let rochester = Point(latitude: 44.05, longitude: -92.45)
    let worldQueries: [(String, Point?)] = [
        ("Rochester, MN", nil), ("Cambridge, MA", nil), ("Hamilton, New Zealand", nil), ("Kingston, Jamaica", nil),
        ("Portland, ME", nil), ("Paris, TX", nil), ("Springfield, Illinois, USA", nil), ("Sydney NSW", nil),
        ("Helsinki, Suomi", nil), ("Toledo, España", nil), ("Hamilton, NZL", nil), ("Victoria, BC", nil),
        ("Rochester Public Library", rochester), ("Eiffel Tower, Paris", nil), ("Old Mill, Kingston", nil),
        ("12 Main Street, Springfield, IL 62701", nil), ("Nonexistent Street 99 Nowhere", nil),
        ("Qzxvtk Kzqwrt", nil), ("Hotel Kamp Qzxv", nil), ("coffee shop", Point(latitude: 34.027, longitude: -118.805)),
        ("hotels in Malibu", nil), ("cafes in Kamppi", helsinkiPoints[0]),
    ]
    if wants("batch") { try await batchRoundTrip(defaultTask, rows: max(2000, options.queries * 10)) }
    try await run(
        "default gazetteer (real data, \(options.queries) queries each):", task: defaultTask,
        workload: Workload(
            points: helsinkiPoints, names: (0..<options.queries).map { names[$0 % names.count] },
            addresses: (0..<options.queries).map { addresses[$0 % addresses.count] }, world: worldQueries),
        queries: options.queries)
}

// 3. A synthetic gazetteer: places scattered around GeoNames cities in proportion to their
// population, with the category mix of the Helsinki extract, 30 % of them address points.
let cities = try DefaultGazetteer.benchmarkCities().filter { $0.population > 0 }
if options.only == "reverse-batch" || (!options.syntheticOnly && options.only == nil) {
    var around = CitySampler(cities: cities, random: SplitMix(state: 11))
    let points =
        try options.pointsPath.map(readPoints) ?? (0..<200_000).map { _ in around.point(around: around.city()) }
    var helsinki = SplitMix(state: 12)
    let streetPoints = (0..<20_000).map { _ in
        Point(
            latitude: Double.random(in: 60.1650...60.1780, using: &helsinki),
            longitude: Double.random(in: 24.9370...24.9520, using: &helsinki))
    }
    try await batchReverse(
        defaultTask, file: options.syntheticOnly ? try DefaultGazetteer.url() : defaultCopy, points: points,
        streetPoints: streetPoints)
    if options.only == "reverse-batch" {
        try? FileManager.default.removeItem(at: scratch)  // (exit skips the defer)
        exit(0)
    }
}
let info = try await defaultTask.locatorInfo
let poi = CategoryTree.world["POI"]!
let mix = info.categoryCounts.filter { CategoryTree.world[$0.key].map(poi.contains) == true }.sorted { $0.key < $1.key }
let mixTotal = mix.map(\.value).reduce(0, +)
/// Draws cities in proportion to population, and points scattered around them.
struct CitySampler {
    let cities: [BenchmarkCity]
    private var cumulative: [Int64] = []
    var random: SplitMix

    init(cities: [BenchmarkCity], random: SplitMix) {
        self.cities = cities
        self.random = random
        var running: Int64 = 0
        for city in cities {
            running += city.population
            cumulative.append(running)
        }
    }

    mutating func city() -> BenchmarkCity {
        let target = Int64.random(in: 0..<cumulative.last!, using: &random)
        var lo = 0
        var hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if cumulative[mid] <= target { lo = mid + 1 } else { hi = mid }
        }
        return cities[lo]
    }

    /// A point at a Rayleigh-distributed distance from the city, wider for bigger cities.
    mutating func point(around city: BenchmarkCity) -> Point {
        let sigma = 300 * (Double(city.population) / 1000).squareRoot()
        let distance = sigma * (-2 * log(Double.random(in: 1e-12...1, using: &random))).squareRoot()
        let angle = Double.random(in: 0..<(2 * .pi), using: &random)
        let lat = min(89, max(-89, city.latitude + distance * cos(angle) / 111_320))
        let lon = city.longitude + distance * sin(angle) / (111_320 * max(0.05, cos(city.latitude * .pi / 180)))
        return Point(latitude: lat, longitude: min(180, max(-180, lon)))
    }
}
var sampler = CitySampler(cities: cities, random: SplitMix(state: 7))
let syntheticURL =
    options.syntheticPath.map { URL(fileURLWithPath: $0) } ?? scratch.appendingPathComponent("synthetic.gazetteer")
var syntheticPlaces: [GazetteerPlace] = []
var syntheticNames: [String] = []
var syntheticAddresses: [String] = []
// A synthetic gazetteer already there is reused: the places are drawn all the same (not kept),
// so the queries are those of the run that built it.
let reuse = FileManager.default.fileExists(atPath: syntheticURL.path)
if !reuse { syntheticPlaces.reserveCapacity(options.places) }
for index in 0..<options.places {
    let city = sampler.city()
    let point = sampler.point(around: city)
    if index % 10 < 3 {
        let street = "\(city.name) Street \(index % 97)"
        let number = String(index % 150 + 1)
        if !reuse {
            syntheticPlaces.append(
                GazetteerPlace(
                    name: "", category: "Point Address", latitude: point.latitude, longitude: point.longitude,
                    houseNumber: number, street: street, city: city.name, importance: 0.02))
        }
        if syntheticAddresses.count < options.queries { syntheticAddresses.append("\(street) \(number)") }
    } else {
        var pick = Int.random(in: 0..<mixTotal, using: &sampler.random)
        let category = mix.first {
            pick -= $0.value; return pick < 0
        }!.key
        let name = "\(city.name) \(category) \(index)"
        if !reuse {
            syntheticPlaces.append(
                GazetteerPlace(
                    name: name, category: category, latitude: point.latitude, longitude: point.longitude,
                    city: city.name))
        }
        if index % 97 == 0, syntheticNames.count < options.queries { syntheticNames.append(name) }
    }
}
if reuse {
    print(
        String(
            format: "synthetic gazetteer (SYNTHETIC data, %d places): reused, %.1f MB", options.places,
            fileSize(syntheticURL)))
} else {
    let csv = try writeCSV(syntheticPlaces)
    // (The build reads only the CSV: the places go first, so it does not run in a heap
    // crowded with millions of places' strings.)
    syntheticPlaces = []
    try buildSynthetic(from: csv, to: syntheticURL)
}

/// Writes the synthetic places as a CSV: they go through the same path as your own data.
func writeCSV(_ places: [GazetteerPlace]) throws -> URL {
    let syntheticCSV =
        options.csvPath.map { URL(fileURLWithPath: $0) } ?? scratch.appendingPathComponent("synthetic-places.csv")
    var csvText = "name,category,lat,lon,house_number,street,city,importance\n"
    csvText.reserveCapacity(places.count * 80)
    for place in places {
        let fields: [String] = [
            place.name, place.category, String(place.latitude), String(place.longitude), place.houseNumber,
            place.street, place.city, String(place.importance),
        ]
        csvText += fields.map { CSVReader.escaped($0) }.joined(separator: ",") + "\n"
    }
    try csvText.write(to: syntheticCSV, atomically: false, encoding: .utf8)
    return syntheticCSV
}

/// Builds the synthetic gazetteer from its CSV, as `locator build --places` would, and prints
/// the build's time and size.
func buildSynthetic(from csv: URL, to url: URL) throws {
    var syntheticBuilder = GazetteerBuilder(
        osm: [], geoNames: [], categoryMapping: DefaultGazetteer.builder.categoryMapping)
    syntheticBuilder.placeFiles = [csv]
    let syntheticBuild = try syntheticBuilder.build(to: url)
    let written = syntheticBuild.counts.values.reduce(0, +)
    print(
        String(
            format:
                "synthetic gazetteer (SYNTHETIC data, %d places, from a CSV): built in %.1f s (%.0f places/s), %.1f MB (%d bytes a place)",
            written, syntheticBuild.seconds, Double(written) / syntheticBuild.seconds, fileSize(url),
            Int(syntheticBuild.fileSize) / max(written, 1)))
}
if let text = options.suggestText {
    try await timeOneSuggest(text, near: options.near, task: LocatorTask(gazetteer: syntheticURL))
    exit(0)
}
if let text = options.query {
    try await timeOneQuery(text, near: options.near, task: LocatorTask(gazetteer: syntheticURL))
    exit(0)
}
var syntheticPoints: [Point] = []
for _ in 0..<options.queries {
    let city = sampler.city()
    syntheticPoints.append(sampler.point(around: city))
}
try await run(
    "synthetic gazetteer (\(options.places) places, \(options.queries) queries each):",
    task: LocatorTask(gazetteer: syntheticURL),
    workload: Workload(points: syntheticPoints, names: syntheticNames, addresses: syntheticAddresses),
    queries: options.queries)
