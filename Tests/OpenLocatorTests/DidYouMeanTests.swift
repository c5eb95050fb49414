import Testing

@testable import OpenLocator

/// ``DidYouMean``: the nearest accepted name one edit away (two from 9 letters), or nothing.
@Suite struct DidYouMeanTests {
    @Test func aNearNameIsOfferedAndAFarOneIsNot() {
        let options = ["near", "within", "max", "max-results", "category", "format"]
        #expect(DidYouMean.closest(to: "nearr", among: options) == "near")
        #expect(DidYouMean.closest(to: "catgeory", among: options) == "category")  // a transposition
        #expect(DidYouMean.closest(to: "FORMAT", among: options) == "format")
        #expect(DidYouMean.closest(to: "max-result", among: options) == "max-results")
        #expect(DidYouMean.closest(to: "zoom", among: options) == nil)
        #expect(DidYouMean.closest(to: "", among: options) == nil)
        #expect(DidYouMean.closest(to: "near", among: []) == nil)
        // Short words are one edit from too much: "max" is not offered for "mix-up".
        #expect(DidYouMean.closest(to: "mix-up", among: options) == nil)
        #expect(DidYouMean.closest(to: "Caffe Shop", among: ["Coffee Shop", "Food"]) == "Coffee Shop")
    }
}
