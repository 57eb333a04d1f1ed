extension PasswordHasher {
    /// Called once per password hash computed in the current task (and its children). A test
    /// seam: it lets a test count the bcrypt work one request causes, without a global counter
    /// that parallel tests would share. Nil (nothing called) outside tests.
    @TaskLocal static var hashObserver: (@Sendable () -> Void)?
}
