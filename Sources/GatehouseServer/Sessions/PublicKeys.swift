extension SessionService {
    /// The public keys tokens can be verified with, as `/.well-known/jwks.json` lists them.
    var publicKeys: [PublicJWK] { signer.publicKeys }
}
