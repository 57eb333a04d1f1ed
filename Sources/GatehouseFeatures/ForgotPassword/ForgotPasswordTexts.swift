import GatehouseCore

extension UserFacingText.ForgotPassword {
    /// Spec 000 §6's subtitle of the success state, under "Check Your Email". The words claim
    /// nothing about the address, so every address gets them.
    public static let successSubtitle = "We've sent you a password reset link"
}
