import GatehouseFeatures

/// A login page over a stub client and a manual clock, shared by the login suites.
@MainActor
protocol LoginFixture {
    var auth: StubAuthClient { get }
    var clock: ManualClock { get }
}

extension LoginFixture {
    func model(reason: String? = nil) -> LoginModel {
        LoginModel(auth: auth, clock: clock, reason: reason)
    }

    /// A model with both fields filled and blurred (validated), ready to submit.
    func filled(_ email: String = "user@example.com", _ password: String = "password123") -> LoginModel {
        let model = model()
        model.email = email
        model.didBlur(.email)
        model.password = password
        model.didBlur(.password)
        return model
    }
}
