import GatehouseCore
import HTTPTypes
import Hummingbird

/// The admin API: `POST/GET /admin/users`, `GET/PUT/DELETE /admin/users/{id}`, for a
/// `service_role` token.
struct AdminUsersEndpoint {
    let service: GatehouseServices

    struct UserList: Encodable {
        var users: [UserPayload]
        var aud = "authenticated"
    }

    /// 10⁹ pages of 1000 users: far beyond any real listing, far below overflow.
    static let maximumPage = 1_000_000_000

    func create(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(AdminUserRequest.self, from: request, context: context)
        return JSONBody.response(try await service.accounts.adminCreateUser(body).payload)
    }

    func list(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        // Bounded so that (page - 1) * per_page and the Link header's page + 1 cannot overflow;
        // per_page above 1000 is clamped, as before.
        let page = try QueryInteger.read("page", from: request, default: 1, range: 1...Self.maximumPage)
        let perPage = min(1000, try QueryInteger.read("per_page", from: request, default: 50, range: 1...Int(Int32.max)))
        let result = try await service.accounts.adminListUsers(page: page, perPage: perPage)
        var headers: HTTPFields = [HTTPField.Name("X-Total-Count")!: String(result.total)]
        headers[HTTPField.Name("Link")!] = Self.paginationLinks(path: request.uri.path, page: page, perPage: perPage, total: result.total)
        return try JSONBody.response(UserList(users: result.users.map(\.payload)), headers: headers)
    }

    func show(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        return JSONBody.response(try await service.accounts.adminUser(id: id).payload)
    }

    func update(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let body = try await JSONBody.decode(AdminUserRequest.self, from: request, context: context)
        return JSONBody.response(try await service.accounts.adminUpdateUser(id: id, with: body).payload)
    }

    func delete(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        try await service.accounts.adminDeleteUser(id: id)
        return try JSONBody.response(EmptyObject())
    }

    /// RFC 8288 links as GoTrue sends them: next (when there is one) and last.
    static func paginationLinks(path: String, page: Int, perPage: Int, total: Int) -> String {
        let lastPage = max(1, (total + perPage - 1) / perPage)
        var links: [String] = []
        if page < lastPage { links.append("<\(path)?page=\(page + 1)&per_page=\(perPage)>; rel=\"next\"") }
        links.append("<\(path)?page=\(lastPage)&per_page=\(perPage)>; rel=\"last\"")
        return links.joined(separator: ", ")
    }
}
