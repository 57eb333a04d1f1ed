import Hummingbird

extension RouterMethods {
    /// A group of its own for one route of the route table, carrying that route's middleware in
    /// the order given (outermost first): `routes.with(otp, user).put("user") { … }`.
    func with(_ middleware: any MiddlewareProtocol<Request, Response, Context>...) -> RouterGroup<Context> {
        let group = self.group()
        for each in middleware { group.add(middleware: each) }
        return group
    }
}
