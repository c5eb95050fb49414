/// The "did you mean" of a mistyped name: the one closest to what was typed among the names
/// that would have been accepted, when it is near enough to be what was meant.
///
/// ```swift
/// DidYouMean.closest(to: "--nearr", among: ["--near", "--within", "--max"])  // "--near"
/// DidYouMean.closest(to: "fnd", among: ["find", "suggest", "serve"])          // "find"
/// DidYouMean.closest(to: "zzz", among: ["find", "suggest"])                   // nil
/// ```
public enum DidYouMean {
    /// The closest of `names` to `typed` by edit distance (case and accents ignored), when one
    /// edit away (two from 9 letters); ties go to the first.
    /// A name `typed` begins, or that begins `typed` ("--max" for "--max-results"), is close too.
    public static func closest(to typed: String, among names: [String]) -> String? {
        let folded = TextFolding.fold(typed)
        guard !folded.isEmpty else { return nil }
        let limit = max(1, EditDistance.allowedEdits(forLength: folded.count))
        var best: (name: String, edits: Int)?
        for name in names {
            let candidate = TextFolding.fold(name)
            guard candidate != folded else { return name }
            var edits = EditDistance.between(folded, candidate, limit: limit)
            if edits > limit, min(folded.count, candidate.count) >= 4,
                candidate.hasPrefix(folded) || folded.hasPrefix(candidate)
            {
                edits = limit
            }
            if edits <= limit, edits < (best?.edits ?? .max) { best = (name, edits) }
        }
        return best?.name
    }
}
