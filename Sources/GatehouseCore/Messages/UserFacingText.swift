/// The texts people read, exactly as the specs word them, shared by the web pages, the SDK's
/// feature models and the server's form handling so every surface says the same thing.
public enum UserFacingText {
    public static let invalidEmail = "Invalid email address"
    public static let emailRequired = "Email is required"
    public static let emailAndPasswordRequired = "Email and password are required"
    public static let invalidCredentials = "Invalid email or password"
    public static let networkError = "Network error. Please check your connection and try again."
    public static let serverError = "Server error. Please try again later."
    public static let sessionTimedOut = "You were logged out due to inactivity. Please log in again."
    public static let passwordsDoNotMatch = "Passwords do not match"
    public static let resetLinkInvalid = "This link is invalid or has expired"
    public static let passwordChanged = "Your password has been changed."

    public static func passwordTooShort(minimum: Int) -> String {
        "Password must be at least \(minimum) characters"
    }

    public static let passwordTooLong = "Password must be at most \(PasswordPolicy.maximumBytes) bytes"

    /// The forgot-password success text: the same for every well-formed address.
    public static func resetLinkOnItsWay(to email: String) -> String {
        "If an account exists for \(email), a reset link is on its way"
    }

    public static func tooManyRequests(retryAfterSeconds seconds: Int) -> String {
        if seconds >= 120 {
            let minutes = (seconds + 59) / 60
            return "Too many attempts. Please try again in \(minutes) minutes."
        }
        return "Too many attempts. Please try again in \(max(1, seconds)) seconds."
    }

    /// The text for an address that failed validation.
    public static func text(for error: EmailValidationError) -> String {
        switch error {
        case .missing: emailRequired
        case .tooLong, .invalidFormat: invalidEmail
        }
    }

    /// The text for a password the policy refuses, or nil when it is acceptable.
    public static func text(for check: PasswordCheck) -> String? {
        switch check {
        case .acceptable: nil
        case .missing: "Password is required"
        case .tooShort(let minimum): passwordTooShort(minimum: minimum)
        case .tooLong: passwordTooLong
        }
    }
}
