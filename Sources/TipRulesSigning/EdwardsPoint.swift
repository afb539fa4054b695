/// A point of the twisted Edwards curve -x² + y² = 1 + d·x²·y² (edwards25519) in extended
/// coordinates (X:Y:Z:T), x = X/Z, y = Y/Z, x·y = T/Z. The formulas are those of Hisil, Wong, Carter
/// and Dawson ("Twisted Edwards curves revisited", 2008) as ref10 arranges them: a doubling
/// or an addition yields a `CompletedPoint`, which becomes a `ProjectivePoint` (when only another
/// doubling follows) or an `EdwardsPoint` (when an addition follows).
struct EdwardsPoint: Sendable {
    var x: FieldElement, y: FieldElement, z: FieldElement, t: FieldElement

    /// The neutral element (0, 1).
    static let identity = EdwardsPoint(x: .zero, y: .one, z: .one, t: .zero)

    /// The base point B of RFC 8032 (y = 4/5, x even).
    static let base: EdwardsPoint = {
        let encoding: [UInt8] = [0x58] + [UInt8](repeating: 0x66, count: 31)
        return EdwardsPoint(decoding: encoding) ?? .identity
    }()

    init(x: FieldElement, y: FieldElement, z: FieldElement, t: FieldElement) {
        self.x = x; self.y = y; self.z = z; self.t = t
    }

    /// The point 32 bytes encode (RFC 8032 section 5.1.3), strictly: nil when y is not below p,
    /// when no x satisfies the curve equation, or when x is 0 and its sign bit is set.
    init?(decoding encoding: [UInt8]) {
        guard encoding.count == 32 else { return nil }
        let decoded: EdwardsPoint? = encoding.withUnsafeBufferPointer { bytes in
            guard FieldElement.isCanonicalEncoding(bytes) else { return nil }
            let y = FieldElement(bytes: bytes)
            let signBit = bytes[31] &>> 7
            let ySquared = y.squared
            let u = ySquared - .one
            let v = ySquared * FieldElement.curveD + .one
            // x = u·v³·(u·v⁷)^((p-5)/8), a square root of u/v when there is one.
            let v3 = v.squared * v
            var x = u * v3 * (u * v3.squared * v).powerPMinus5Over8
            let vxx = v * x.squared
            if !vxx.isEqual(to: u) {
                guard vxx.isEqual(to: -u) else { return nil }
                x = x * FieldElement.squareRootOfMinusOne
            }
            if x.isZero, signBit == 1 { return nil }
            if x.isNegative != (signBit == 1) {
                x = -x
            }
            return EdwardsPoint(x: x, y: y, z: .one, t: x * y)
        }
        guard let decoded else { return nil }
        self = decoded
    }

    /// The 32-byte encoding: y, with the sign of x in bit 255.
    var encoded: [UInt8] {
        let inverse = z.inverted
        let affineX = x * inverse
        var bytes = (y * inverse).bytes
        bytes[31] |= affineX.isNegative ? 0x80 : 0
        return bytes
    }

    /// -P.
    var negated: EdwardsPoint {
        EdwardsPoint(x: -x, y: y, z: z, t: -t)
    }

    /// The point as `ProjectivePoint` (T dropped).
    var projective: ProjectivePoint {
        ProjectivePoint(x: x, y: y, z: z)
    }

    /// The point in the form additions take (Y+X, Y-X, Z, 2d·T).
    var cached: CachedPoint {
        CachedPoint(yPlusX: y + x, yMinusX: y - x, z: z, t2d: t * FieldElement.curveD2)
    }

    /// The point with Z = 1, in the form mixed additions take (y+x, y-x, 2d·x·y).
    var affine: AffinePoint {
        let inverse = z.inverted
        let affineX = x * inverse, affineY = y * inverse
        return AffinePoint(yPlusX: affineY + affineX, yMinusX: affineY - affineX,
                           xy2d: affineX * affineY * FieldElement.curveD2)
    }

    /// 2P.
    var doubled: CompletedPoint {
        projective.doubled
    }

    /// P + Q, or P - Q when `subtracting`.
    @inline(__always)
    func adding(_ q: CachedPoint, subtracting: Bool = false) -> CompletedPoint {
        let sum = y + x, difference = y - x
        let a = subtracting ? difference * q.yPlusX : difference * q.yMinusX
        let b = subtracting ? sum * q.yMinusX : sum * q.yPlusX
        let c = t * q.t2d
        let zz = z * q.z
        let d = zz + zz
        return CompletedPoint(x: b - a, y: b + a, z: subtracting ? d - c : d + c, t: subtracting ? d + c : d - c)
    }

    /// P + Q for a Q with Z = 1, or P - Q when `subtracting`.
    @inline(__always)
    func adding(_ q: AffinePoint, subtracting: Bool = false) -> CompletedPoint {
        let sum = y + x, difference = y - x
        let a = subtracting ? difference * q.yPlusX : difference * q.yMinusX
        let b = subtracting ? sum * q.yMinusX : sum * q.yPlusX
        let c = t * q.xy2d
        let d = z + z
        return CompletedPoint(x: b - a, y: b + a, z: subtracting ? d - c : d + c, t: subtracting ? d + c : d - c)
    }
}

/// A point in projective coordinates (X:Y:Z), enough for doubling.
struct ProjectivePoint: Sendable {
    var x: FieldElement, y: FieldElement, z: FieldElement

    static let identity = ProjectivePoint(x: .zero, y: .one, z: .one)

    /// 2P.
    @inline(__always)
    var doubled: CompletedPoint {
        let xx = x.squared, yy = y.squared
        let zz2 = z.squared
        let b = zz2 + zz2
        let sum = yy + xx, difference = yy - xx
        return CompletedPoint(x: (x + y).squared - sum, y: sum, z: difference, t: b - difference)
    }
}

/// The result of a doubling or an addition, ((X:Z), (Y:T)): x = X/Z, y = Y/T.
struct CompletedPoint: Sendable {
    var x: FieldElement, y: FieldElement, z: FieldElement, t: FieldElement

    @inline(__always)
    var projective: ProjectivePoint {
        ProjectivePoint(x: x * t, y: y * z, z: z * t)
    }

    @inline(__always)
    var extended: EdwardsPoint {
        EdwardsPoint(x: x * t, y: y * z, z: z * t, t: x * y)
    }
}

/// A point prepared for addition: (Y+X, Y-X, Z, 2d·T).
struct CachedPoint: Sendable {
    var yPlusX: FieldElement, yMinusX: FieldElement, z: FieldElement, t2d: FieldElement
}

/// A point with Z = 1 prepared for mixed addition: (y+x, y-x, 2d·x·y).
struct AffinePoint: Sendable {
    var yPlusX: FieldElement, yMinusX: FieldElement, xy2d: FieldElement

    /// The neutral element in this form.
    static let identity = AffinePoint(yPlusX: .one, yMinusX: .one, xy2d: .zero)

    /// Replaces self by `other` when `flag` is 1, without branching.
    @inline(__always)
    mutating func conditionallyAssign(_ other: AffinePoint, flag: UInt64) {
        yPlusX.conditionallyAssign(other.yPlusX, flag: flag)
        yMinusX.conditionallyAssign(other.yMinusX, flag: flag)
        xy2d.conditionallyAssign(other.xy2d, flag: flag)
    }

    /// -P when `flag` is 1, P when 0, without branching.
    @inline(__always)
    func conditionallyNegated(flag: UInt64) -> AffinePoint {
        var result = self
        result.yPlusX.conditionallyAssign(yMinusX, flag: flag)
        result.yMinusX.conditionallyAssign(yPlusX, flag: flag)
        result.xy2d.conditionallyAssign(-xy2d, flag: flag)
        return result
    }
}
