import Testing
@testable import TipRulesMeasure

/// The distributions measure's statistics stand on, against values computed with SciPy 1.17.1
/// (`scipy.stats.t`, `chi2`, `norm`), to 1e-10 relative: inside the 1e-9 the report is held to.
@Suite struct MeasureDistributionTests {
    private func expectClose(_ value: Double, _ expected: Double, relative: Double = 1e-10,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(value - expected) <= relative * abs(expected), "\(value) is not \(expected)", sourceLocation: sourceLocation)
    }

    @Test func studentTDistribution() {
        let cases: [(t: Double, df: Double, cdf: Double)] = [
            (0.5, 1, 0.6475836176504333), (2.0, 3.5, 0.9369307387120432), (-1.7, 12.3, 0.057128745175606496),
            (6.0, 50000.0, 0.9999999990066483), (10, 7, 0.9999893028985546), (1.96, 1000000.0, 0.9750019662073651),
            (-3.2, 2.2, 0.03764722136151909),
        ]
        for (t, df, cdf) in cases { expectClose(StudentT(degreesOfFreedom: df).cdf(t), cdf) }
    }

    /// Tiny p-values stay precise: the tail is computed directly, never as 1 − cdf.
    @Test func studentTTwoSidedTail() {
        let cases: [(t: Double, df: Double, tail: Double)] = [
            (8, 20, 1.165662827148851e-07), (15, 1000, 5.0102389369956564e-46), (2.5, 9.75, 0.03200004326386082),
            (40, 5000.5, 8.34101410328979e-304),
        ]
        for (t, df, tail) in cases { expectClose(StudentT(degreesOfFreedom: df).twoSidedTail(t), tail, relative: 1e-10) }
    }

    /// Past 10⁵ users an arm the degrees of freedom are large, and so are log Γ's arguments: the
    /// tail stays within 1e-12 relative (values from mpmath at 50 digits), up to ν = 10¹².
    @Test func studentTTailWithManyDegreesOfFreedom() {
        let cases: [(t: Double, df: Double, tail: Double)] = [
            (1.3, 1.0e6, 0.19360126880912512), (2.5, 1.27e6, 0.012419455730708601), (0.7, 1.1e9, 0.48392730459418281),
            (4.0, 3e7, 6.3342635340624744e-5), (1.0, 1e12, 0.31731050786315607), (6.5, 2.2e5, 8.049073469470973e-11),
            (0.05, 5e8, 0.96012238834322708),
        ]
        for (t, df, tail) in cases { expectClose(StudentT(degreesOfFreedom: df).twoSidedTail(t), tail, relative: 1e-12) }
    }

    @Test func studentTQuantile() {
        let cases: [(p: Double, df: Double, t: Double)] = [
            (0.975, 1, 12.706204736174694), (0.975, 2.5, 3.5746548420036817), (0.975, 7, 2.364624251592784),
            (0.975, 30, 2.0422724563012378), (0.975, 123.4, 1.9793749463174197), (0.975, 100000.0, 1.9599877075346095),
            (0.999, 4.2, 6.837511486322341), (0.6, 3, 0.2766706623326898), (0.025, 15.5, -2.1254766592309386),
        ]
        for (p, df, t) in cases { expectClose(StudentT(degreesOfFreedom: df).quantile(p), t) }
        #expect(StudentT(degreesOfFreedom: 4).quantile(0.5) == 0)
        #expect(StudentT(degreesOfFreedom: 4).quantile(1) == .infinity)
    }

    @Test func chiSquareDistribution() {
        let cdfs: [(x: Double, k: Double, cdf: Double)] = [
            (3.84, 1, 0.9499564787512949), (0.5, 1, 0.5204998778130466), (10, 4, 0.9595723180054873),
            (7.3, 5.5, 0.7550320462013953), (0.01, 2, 0.004987520807317688),
        ]
        for (x, k, cdf) in cdfs { expectClose(ChiSquare(degreesOfFreedom: k).cdf(x), cdf) }
        let tails: [(x: Double, k: Double, survival: Double)] = [
            (25, 1, 5.733031437583875e-07), (100, 1, 1.5239706048320995e-23), (3.84, 1, 0.05004352124870519),
            (30, 10, 0.000856641210775301),
        ]
        for (x, k, survival) in tails { expectClose(ChiSquare(degreesOfFreedom: k).survival(x), survival, relative: 1e-11) }
    }

    @Test func normalDistribution() {
        for (z, cdf) in [(-1.96, 0.024997895148220435), (0.3, 0.6179114221889526), (-8.0, 6.22096057427174e-16), (2.5, 0.9937903346742238)] {
            expectClose(Normal.cdf(z), cdf)
        }
        for (p, z) in [(0.975, 1.959963984540054), (1e-10, -6.361340902404056), (0.6, 0.2533471031357997),
                       (0.02, -2.053748910631823), (0.999999, 4.753424308817087)] {
            expectClose(Normal.quantile(p), z, relative: 1e-11)
        }
    }
}
