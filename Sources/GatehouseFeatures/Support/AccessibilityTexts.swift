import GatehouseCore

extension UserFacingText.Accessibility {
    /// The "Remember me" checkbox's state, read after its label.
    public static let checked = "checked"
    public static let unchecked = "unchecked"
}
