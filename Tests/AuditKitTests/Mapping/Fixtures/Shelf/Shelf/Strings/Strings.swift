import Foundation

/// The app's texts, one name per key of `Localizable.xcstrings`.
enum Strings {
    enum Common {
        static let seeAll = String(localized: "common.see_all")
        static let edit = String(localized: "common.edit")
        static let readMore = String(localized: "common.read_more")
        static let change = String(localized: "common.change")
        static let remove = String(localized: "common.remove")
        static let done = String(localized: "common.done")
    }

    enum Home {
        static let title = String(localized: "home.title")
        static let featured = String(localized: "home.featured")
        static let bestsellers = String(localized: "home.bestsellers")
        static let newReleases = String(localized: "home.new_releases")
        static let staffPicks = String(localized: "home.staff_picks")
        static let search = String(localized: "home.search")
    }

    enum Book {
        static let addToCart = String(localized: "book.add_to_cart")
        static let buyNow = String(localized: "book.buy_now")
        static let description = String(localized: "book.description")
        static let details = String(localized: "book.details")
        static let reviews = String(localized: "book.reviews")
        static let related = String(localized: "book.related")
        static let publisher = String(localized: "book.publisher")
        static let pages = String(localized: "book.pages")
        static let language = String(localized: "book.language")

        static func ratings(_ count: Int) -> String {
            String(localized: "book.rating \(count)")
        }
    }

    enum Profile {
        static let title = String(localized: "profile.title")
        static let personal = String(localized: "profile.personal")
        static let address = String(localized: "profile.address")
        static let payment = String(localized: "profile.payment")
        static let name = String(localized: "profile.name")
        static let email = String(localized: "profile.email")
        static let street = String(localized: "profile.street")
        static let city = String(localized: "profile.city")
        static let card = String(localized: "profile.card")
    }

    enum Cart {
        static let title = String(localized: "cart.title")
        static let subtotal = String(localized: "cart.subtotal")
        static let shipping = String(localized: "cart.shipping")
        static let total = String(localized: "cart.total")
        static let checkout = String(localized: "cart.checkout")
        static let continueShopping = String(localized: "cart.continue")
        static let free = String(localized: "cart.free")
    }

    enum Settings {
        static let title = String(localized: "settings.title")
        static let account = String(localized: "settings.account")
        static let password = String(localized: "settings.password")
        static let notifications = String(localized: "settings.notifications")
        static let newsletter = String(localized: "settings.newsletter")
        static let orderUpdates = String(localized: "settings.order_updates")
        static let signOut = String(localized: "settings.sign_out")
    }

    enum Orders {
        static let title = String(localized: "orders.title")
        static let track = String(localized: "orders.track")
        static let returnItem = String(localized: "orders.return")
        static let reorder = String(localized: "orders.reorder")
    }

    enum Tab {
        static let home = String(localized: "tab.home")
        static let cart = String(localized: "tab.cart")
        static let profile = String(localized: "tab.profile")
    }
}
