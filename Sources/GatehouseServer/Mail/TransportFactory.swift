import Logging

/// Builds the configured transport.
enum TransportFactory {
    static func make(_ configuration: MailConfiguration, store: any SQLStore, logger: Logger) throws -> any MailTransport {
        switch configuration.transport {
        case .devMailbox:
            return DevMailbox(store: store)
        case .mailerSend:
            guard let key = configuration.mailerSendAPIKey else {
                throw ConfigurationError("GATEHOUSE_MAILERSEND_API_KEY is required with GATEHOUSE_MAIL_TRANSPORT=mailersend")
            }
            return MailerSendTransport(apiKey: key, url: configuration.mailerSendURL)
        case .smtp:
            guard let settings = configuration.smtp else {
                throw ConfigurationError("GATEHOUSE_SMTP_HOST is required with GATEHOUSE_MAIL_TRANSPORT=smtp")
            }
            return try makeSMTP(settings, logger: logger)
        }
    }
}

extension TransportFactory {
    static func makeSMTP(_ settings: MailConfiguration.SMTPSettings, logger: Logger) throws -> any MailTransport {
        let security: SMTPConfiguration.Security = switch settings.security {
        case "tls": .implicitTLS
        case "plain": .plain
        default: .startTLS
        }
        if !settings.verifyCertificates {
            logger.warning("SMTP certificate verification is OFF (GATEHOUSE_SMTP_TLS_VERIFY=false): development only")
        }
        return SMTPTransport(
            configuration: SMTPConfiguration(
                host: settings.host, port: settings.port, security: security, username: settings.username,
                password: settings.password, commandTimeout: .seconds(settings.timeout), caBundlePath: settings.caFile,
                verifyCertificates: settings.verifyCertificates
            ),
            logger: logger
        )
    }
}
