/// The services that set passwords check them through the one screen.
extension AccountService {
    var passwordScreen: PasswordScreen { PasswordScreen(configuration: configuration, metrics: metrics) }
}

extension RecoveryService {
    var passwordScreen: PasswordScreen { PasswordScreen(configuration: configuration, metrics: metrics) }
}
