//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

/// What becomes of one GoTrue variable (`GoTrueVariables`), given its trimmed, non-blank value
/// and the whole environment (for the few variables read together with another one).
struct GoTrueRule: Sendable {
    enum Outcome {
        /// Read as these Gatehouse settings, each text in that setting's own syntax.
        case reads([(setting: String, text: String)])
        /// Accepted and not read: Gatehouse already does what the value asks, or the value only
        /// tunes something Gatehouse does not have.
        case ignored
        /// Cannot be honoured, and why.
        case refused(String)
        /// Decided against the environment as Gatehouse will read it, once every variable is in:
        /// nil accepts, a text refuses.
        case deferred(@Sendable ([String: String]) -> String?)
    }

    /// Whether a refusal repeats the value (`NAME=value: reason`): only for short values that are
    /// never secret, such as `true` or a driver name.
    let showsValue: Bool
    let decide: @Sendable (_ value: String, _ env: [String: String]) -> Outcome
}

extension GoTrueRule {
    /// Read as `setting`, the value converted from GoTrue's syntax and units by `convert`.
    static func alias(
        _ setting: String, _ convert: @escaping @Sendable (String) throws(GoTrueValue.Refusal) -> String = { $0 }
    ) -> GoTrueRule {
        GoTrueRule(showsValue: false) { value, _ in
            do throws(GoTrueValue.Refusal) {
                return .reads([(setting, try convert(value))])
            } catch {
                return .refused(error.reason)
            }
        }
    }

    /// Accepted whatever the value: it tunes something Gatehouse does not have (a feature whose
    /// switch is refused when on), or only how GoTrue formats its logs.
    static let ignored = GoTrueRule(showsValue: false) { _, _ in .ignored }

    /// Refused whatever the value: Gatehouse cannot do what any value of it asks.
    static func refused(_ reason: String) -> GoTrueRule {
        GoTrueRule(showsValue: false) { _, _ in .refused(reason) }
    }

    /// Accepted when the value asks for what Gatehouse does anyway; refused otherwise.
    static func accepted(when accepts: @escaping @Sendable (String) -> Bool, otherwise reason: String) -> GoTrueRule {
        GoTrueRule(showsValue: true) { value, _ in accepts(value) ? .ignored : .refused(reason) }
    }

    /// A switch Gatehouse has fixed on: `true` is accepted.
    static func onlyTrue(_ reason: String) -> GoTrueRule {
        accepted(when: { GoTrueValue.flag($0) == true }, otherwise: reason)
    }

    /// A feature Gatehouse does not have: `false` is accepted.
    static func onlyFalse(_ reason: String) -> GoTrueRule {
        accepted(when: { GoTrueValue.flag($0) == false }, otherwise: reason)
    }

    /// A switch that turns on a Gatehouse setting: `true` reads as `setting=text`, `false` is
    /// accepted as Gatehouse's default when `falseReason` is nil, and refused with it otherwise.
    static func whenTrue(_ setting: String, is text: String, falseReason: String? = nil) -> GoTrueRule {
        GoTrueRule(showsValue: true) { value, _ in
            switch GoTrueValue.flag(value) {
            case true?: .reads([(setting, text)])
            case false?: falseReason.map { .refused($0) } ?? .ignored
            case nil: .refused("is not true or false")
            }
        }
    }
}
