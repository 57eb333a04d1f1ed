/// A setting the server cannot start with; the text names the variable and what it takes.
public struct ConfigurationError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension ConfigurationError {
    /// `NAME=raw is not a valid value`: text that is no value of the setting's type.
    static func notValid(_ name: String, _ raw: String) -> ConfigurationError {
        ConfigurationError("\(name)=\(raw) is not a valid value")
    }

    /// `NAME must be between A and B`: a number outside the setting's bounds.
    static func outOfRange(_ name: String, _ range: ClosedRange<Int>) -> ConfigurationError {
        ConfigurationError("\(name) must be between \(range.lowerBound) and \(range.upperBound)")
    }

    /// `NAME is required with OTHER=value`: a setting another one's value needs.
    static func required(_ name: String, with other: String, _ value: String) -> ConfigurationError {
        ConfigurationError("\(name) is required with \(other)=\(value)")
    }
}
