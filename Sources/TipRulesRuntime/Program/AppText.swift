/// A tip's text or image.
public enum TipText: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case title, message, image

    /// `title`, `message` or `image`, as the program writes it.
    public var description: String {
        switch self {
        case .title: return "title"
        case .message: return "message"
        case .image: return "image"
        }
    }
}

/// A tip's text (or image) that the app itself makes: a Swift expression of the app's
/// (`title: swift("Text(L10n.Tips.sidebar)")`) or a text each place that shows the tip passes
/// (`title: supplied`). The program cannot know the words; it knows what the app's call names.
public struct AppText: Hashable, Sendable, CustomStringConvertible {
    /// The localization key the call names (`NSLocalizedString("k", …)`, `String(localized: "k")`),
    /// or for an image the asset's name (`Image("hero")`); nil when the call names none.
    public var key: String?
    /// The text shown when no translation has the key (`value:`, `defaultValue:`); nil when the
    /// call gives none.
    public var defaultValue: String?

    public init(key: String? = nil, defaultValue: String? = nil) {
        self.key = key
        self.defaultValue = defaultValue
    }

    /// Whether it names a key or a default value: something a runtime can show or look up.
    public var namesWords: Bool { key != nil || defaultValue != nil }

    /// What the app would show without a translation: the default value, else the key (as
    /// `Text` and `NSLocalizedString` show a key they cannot find); nil when neither is named.
    public var fallback: String? { defaultValue ?? key }

    /// `from the app (key "k", default "v")`, for people.
    public var description: String {
        let known = [key.map { "key \(ValueFormatting.quoted($0))" }, defaultValue.map { "default \(ValueFormatting.quoted($0))" }].compactMap { $0 }
        return "from the app" + (known.isEmpty ? "" : " (" + known.joinedText(separator: ", ") + ")")
    }
}
