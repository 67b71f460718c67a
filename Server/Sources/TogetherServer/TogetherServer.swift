import Foundation
import Hummingbird
import Logging
import PostgresNIO
import Prometheus
import ServiceLifecycle
import ThresholdCore

/// Where the server listens and which database it uses.
public struct TogetherConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var database: PostgresClient.Configuration
    public var logLevel: Logger.Level
    /// Where `GET /metrics` (``ServerMetrics``) listens, on 127.0.0.1 only; `nil`: no metrics listener.
    public var metricsPort: Int?
    /// APNs, to push partners' messages (``PushSender``); `nil`: no push, the apps fetch them.
    public var apns: APNsConfiguration?
    /// The app's domain on the web (``SiteRoutes``): the team for the site association, where to get the app.
    public var site: SiteRoutes

    public init(
        host: String = "127.0.0.1", port: Int = 8080, database: PostgresClient.Configuration, logLevel: Logger.Level = .info,
        metricsPort: Int? = nil, apns: APNsConfiguration? = nil, site: SiteRoutes = SiteRoutes(team: nil)
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.logLevel = logLevel
        self.metricsPort = metricsPort
        self.apns = apns
        self.site = site
    }

    /// TOGETHER_DATABASE_URL (postgres://user[:password]@host:port/database, required),
    /// TOGETHER_HOST (127.0.0.1), TOGETHER_PORT (8080), TOGETHER_METRICS_PORT (none), LOG_LEVEL (info),
    /// APNs's (``APNsConfiguration/fromEnvironment(_:)``; none: no push), and the site's (``site(_:)``).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> TogetherConfiguration {
        guard let url = environment["TOGETHER_DATABASE_URL"] else {
            throw ConfigurationError(
                "TOGETHER_DATABASE_URL is not set; give the PostgreSQL URL, e.g. postgres://postgres@127.0.0.1:5432/postgres (Server/Scripts/with-postgres sets it)."
            )
        }
        func port(_ name: String) throws -> Int? {
            try environment[name].map {
                guard let port = Int($0), (0...65_535).contains(port) else {
                    throw ConfigurationError("\(name) is a port number, not “\($0)”.")
                }
                return port
            }
        }
        return TogetherConfiguration(
            host: environment["TOGETHER_HOST"] ?? "127.0.0.1", port: try port("TOGETHER_PORT") ?? 8080,
            database: try databaseConfiguration(url: url),
            logLevel: environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info,
            metricsPort: try port("TOGETHER_METRICS_PORT"), apns: try APNsConfiguration.fromEnvironment(environment),
            site: try site(environment))
    }

    /// THRESHOLD_TEAM_ID (the app's team: the site association is served only with one) and
    /// THRESHOLD_APP_STORE_URL (where the landing page says to get the app); a malformed one stops the server.
    static func site(_ environment: [String: String]) throws -> SiteRoutes {
        let team = try environment["THRESHOLD_TEAM_ID"].map { text in
            do { return try SiteAssociation.teamID(text) } catch is ValidationError {
                throw ConfigurationError(
                    "THRESHOLD_TEAM_ID is ten capital letters and digits, as Xcode's DEVELOPMENT_TEAM shows it, not “\(text)”.")
            }
        }
        let store = try environment["THRESHOLD_APP_STORE_URL"].map { text in
            guard let url = URL(string: text), url.scheme == "https" else {
                throw ConfigurationError("THRESHOLD_APP_STORE_URL is an https URL, not “\(text)”.")
            }
            return url
        }
        return SiteRoutes(team: team, appStore: store)
    }

    /// Reads postgres://user[:password]@host[:port]/database (TLS off: the database is on loopback or a private network).
    public static func databaseConfiguration(url text: String) throws -> PostgresClient.Configuration {
        guard let url = URLComponents(string: text), ["postgres", "postgresql"].contains(url.scheme ?? ""), let host = url.host,
            !host.isEmpty,
            let user = url.user, !user.isEmpty
        else {
            throw ConfigurationError("“\(text)” is not a PostgreSQL URL like postgres://user@host:5432/database.")
        }
        let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        return PostgresClient.Configuration(
            host: host, port: url.port ?? 5432, username: user, password: url.password,
            database: database.isEmpty ? user : database, tls: .disable)
    }
}

public struct ConfigurationError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

public enum TogetherServer {
    /// The application: the routes over a PostgreSQL client, migrations applied before it serves.
    public static func application(
        configuration: TogetherConfiguration, clock: any TogetherClock = SystemClock()
    ) -> some ApplicationProtocol {
        let logger = {
            var logger = Logger(label: "together")
            logger.logLevel = configuration.logLevel
            return logger
        }()
        let database = Database(configuration: configuration.database, logger: logger)
        let store = TogetherStore(database: database, logger: logger)
        let api = TogetherAPI(store: store, clock: clock, logger: logger)
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: MetricsMiddleware())
        api.register(on: router)
        configuration.site.register(on: router)
        var services: [any Service] = [database]
        if let apns = configuration.apns {
            services.append(PushSender(store: store, apns: APNsClient(configuration: apns), clock: clock, logger: logger))
        } else {
            logger.notice("no APNs key is configured: partners' messages are not pushed; the apps fetch them")
        }
        var app = Application(
            router: router, configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            services: services, logger: logger)
        app.beforeServerStarts {
            try await Migrations.apply(to: database.client, logger: logger)
        }
        return app
    }

    /// Serves until SIGTERM or SIGINT; with a metrics port, the metrics listener beside it.
    public static func run(_ configuration: TogetherConfiguration) async throws {
        let app = application(configuration: configuration)
        guard let metricsPort = configuration.metricsPort else {
            try await app.runService()
            return
        }
        let registry = PrometheusCollectorRegistry()
        ServerMetrics.bootstrap(registry)
        var logger = Logger(label: "together")
        logger.logLevel = configuration.logLevel
        let metrics = ServerMetrics.application(registry: registry, port: metricsPort, logger: logger)
        try await ServiceGroup(
            configuration: .init(services: [app, metrics], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        ).run()
    }
}
