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

import GatehouseCore

/// One labelled input of a form, as `partial_field.mustache` renders it: label tied to the
/// input, hint and error tied with `aria-describedby`, the error in a polite live region.
struct FieldModel {
    enum Icon { case envelope, lock }

    var id: String
    var name: String
    var label: String
    var type: String
    var autocomplete: String
    /// Which client-side check runs on blur: `email`, `password`, `current` or `confirm`.
    var validate: String
    var placeholder: String?
    var value: String?
    var hint: String?
    var error: String?
    var icon: Icon?
    /// For `confirm`: the id of the field it must equal.
    var match: String?
    var prefill = false
    var autofocus = false

    /// Only set keys are present: an absent key would otherwise be looked up in the page's values.
    var values: [String: Any] {
        var values: [String: Any] = [
            "id": id, "name": name, "label": label, "type": type, "autocomplete": autocomplete, "validate": validate,
            "isEmail": type == "email", "icon": icon != nil, "iconEnvelope": icon == .envelope, "iconLock": icon == .lock,
            "prefill": prefill, "autofocus": autofocus,
        ]
        if let placeholder { values["placeholder"] = placeholder }
        if let value, !value.isEmpty { values["value"] = value }
        if let hint { values["hint"] = hint }
        if let error { values["error"] = error }
        if let match { values["match"] = match }
        return values
    }

    static func email(value: String = "", error: String? = nil, prefill: Bool = false, autocomplete: String = "username") -> FieldModel {
        FieldModel(
            id: "email", name: "email", label: UserFacingText.Login.emailLabel, type: "email", autocomplete: autocomplete,
            validate: "email", placeholder: UserFacingText.Login.emailPlaceholder, value: value, error: error, icon: .envelope,
            prefill: prefill
        )
    }

    static func password(
        id: String = "password", label: String = UserFacingText.Login.passwordLabel, autocomplete: String, validate: String = "password",
        placeholder: String? = nil, hint: String? = nil, error: String? = nil, match: String? = nil
    ) -> FieldModel {
        FieldModel(
            id: id, name: id, label: label, type: "password", autocomplete: autocomplete, validate: validate,
            placeholder: placeholder, hint: hint, error: error, icon: .lock, match: match
        )
    }

    /// The first field with an error gets `autofocus` (after a plain form post, focus lands on it).
    static func focusFirstError(_ fields: inout [FieldModel]) {
        if let index = fields.firstIndex(where: { $0.error != nil }) { fields[index].autofocus = true }
    }
}

extension FieldModel {
    /// "New password" and "Confirm new password", as the reset and account pages both ask.
    static func newPasswordPair(minimum: Int, passwordError: String?, confirmError: String?) -> [FieldModel] {
        [
            FieldModel.password(
                label: UserFacingText.ResetPassword.newPasswordLabel, autocomplete: "new-password",
                hint: UserFacingText.passwordHint(minimum: minimum), error: passwordError
            ),
            FieldModel.password(
                id: "confirm", label: UserFacingText.ResetPassword.confirmPasswordLabel, autocomplete: "new-password",
                validate: "confirm", error: confirmError, match: "password"
            ),
        ]
    }
}
