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

import Hummingbird

/// Each adapter's answer to a method its path does not take, for `MethodNotAllowedMiddleware`:
/// the same vocabulary the adapter's own error middleware speaks.
enum MethodNotAllowedAnswers {
    static func render(service: GatehouseServices) -> MethodNotAllowedMiddleware.Render {
        let page = MethodNotAllowedPage(service: service)
        return { adapter, error, request, context in
            switch adapter {
            case .goTrue, .metrics:
                return GoTrueErrorMiddleware.render(error, request: request, requestId: context.id)
            case .edgeFunction:
                return try EdgeFunctionRoutes.errors.answer(error)
            case .rest:
                return try RESTRoutes.errors.answer(error)
            case .firebase:
                return try FirebaseError(
                    status: error.status, message: "METHOD_NOT_ALLOWED", reason: "methodNotAllowed", grpcStatus: "UNIMPLEMENTED"
                ).response()
            case .web:
                return page.response(for: request)
            }
        }
    }
}
