import AuditKit

extension MappingFixtureApp {
    /// Shelf (`Fixtures/Shelf`), a bookshop in SwiftUI whose screens repeat their texts: every text behind
    /// hand-written accessors (`Strings.Common.seeAll = String(localized: "common.see_all")`) and a string
    /// catalog, design-system rows (`SectionHeader(title:actionTitle:)`, `InfoRow`, `SummaryRow`) that
    /// combine into one element, "See all", "Edit", "Read more", "Add to cart" and "Buy again" several times
    /// on one screen, in sections composed in another order than their files or members are declared, book
    /// titles from a model, and a tab bar. Audited in English: six screens.
    public static var shelf: MappingFixtureApp {
        var warnings: [Warning] = []
        var screen = -1
        func next() {
            screen += 1
            warnings.append(
                Warning(screen: screen, text: "9:41", rect: Rect(x: 38, y: 16, width: 44, height: 20), truth: nil))
        }
        /// An element at `x`, `y` (points), `width` wide.
        func at(_ x: Double, _ y: Double, _ text: String, _ truth: String?, width: Double = 150) {
            warnings.append(
                Warning(screen: screen, text: text, rect: Rect(x: x, y: y, width: width, height: 24), truth: truth))
        }
        func tabs() {
            at(24, 820, "Home", "tab-home", width: 80)
            at(160, 820, "Cart", "tab-cart", width: 80)
            at(296, 820, "Profile", "tab-profile", width: 80)
        }

        next()  // 0 Discover
        at(16, 100, "Discover", "home-title", width: 200)
        at(16, 150, "Search books", "home-search", width: 370)
        at(16, 200, "Featured", "home-featured")
        at(320, 200, "See all", "home-featured")
        at(16, 240, "The Quiet Sea", "card-title")
        at(16, 262, "Mara Lind", "card-author")
        at(16, 290, "Add to cart", "card-add")
        at(190, 240, "Paper Lanterns", "card-title")
        at(190, 290, "Add to cart", "card-add")
        at(16, 360, "Bestsellers", "home-best")
        at(320, 360, "See all", "home-best")
        at(16, 400, "North of Nowhere", "card-title")
        at(16, 520, "New releases", "home-new")
        at(320, 520, "See all", "home-new")
        at(16, 680, "Staff picks", "home-staff")
        at(320, 680, "See all", "home-staff")
        tabs()

        next()  // 1 Book detail
        at(16, 110, "The Quiet Sea", "detail-title", width: 300)
        at(16, 150, "Mara Lind", "detail-author")
        at(16, 190, "Add to cart", "detail-add", width: 180)
        at(210, 190, "Buy now", "detail-buy", width: 180)
        at(16, 240, "Description", "detail-description")
        at(16, 330, "Read more", "detail-description-more")
        at(16, 380, "Details", "detail-details")
        at(16, 420, "Publisher, Harbor House", "detail-publisher", width: 370)
        at(16, 460, "Pages, 312", "detail-pages", width: 370)
        at(16, 500, "Language, English", "detail-language", width: 370)
        at(16, 550, "Reviews", "detail-reviews")
        at(320, 550, "See all", "detail-reviews")
        at(16, 585, "128 ratings", "detail-ratings")
        at(16, 650, "Read more", "detail-reviews-more")
        at(16, 700, "You may also like", "detail-related")
        at(320, 700, "See all", "detail-related")
        at(16, 740, "Paper Lanterns", "card-title")
        at(16, 790, "Add to cart", "card-add")

        next()  // 2 Profile
        at(16, 100, "Profile", "profile-title", width: 200)
        at(300, 62, "Settings", "profile-settings", width: 86)
        at(16, 160, "Personal details", "profile-personal")
        at(330, 160, "Edit", "profile-personal", width: 50)
        at(16, 200, "Name, Ana Ruiz", "profile-name", width: 370)
        at(16, 244, "Email, ana@example.com", "profile-email", width: 370)
        at(16, 300, "Shipping address", "profile-address")
        at(330, 300, "Edit", "profile-address", width: 50)
        at(16, 340, "Street, 12 Harbour Lane", "profile-street", width: 370)
        at(16, 384, "City, Bristol", "profile-city", width: 370)
        at(16, 440, "Payment method", "profile-payment")
        at(330, 440, "Edit", "profile-payment", width: 50)
        at(16, 480, "Card, •••• 4242", "profile-card", width: 370)
        at(16, 540, "Sign out", "profile-sign-out")
        tabs()

        next()  // 3 Cart
        at(16, 100, "Cart", "cart-title", width: 200)
        at(16, 160, "The Quiet Sea", "cart-item-title")
        at(16, 182, "Qty 1", "cart-item-quantity", width: 60)
        at(320, 165, "Remove", "cart-remove", width: 66)
        at(16, 220, "Paper Lanterns", "cart-item-title")
        at(16, 242, "Qty 1", "cart-item-quantity", width: 60)
        at(320, 225, "Remove", "cart-remove", width: 66)
        at(16, 300, "Subtotal, $42.00", "cart-subtotal", width: 370)
        at(16, 344, "Shipping, Free", "cart-shipping", width: 370)
        at(16, 388, "Total, $42.00", "cart-total", width: 370)
        at(16, 450, "Checkout", "cart-checkout", width: 370)
        at(16, 500, "Continue shopping", "cart-continue", width: 370)
        tabs()

        next()  // 4 Settings
        at(130, 64, "Settings", "settings-title", width: 142)
        at(16, 140, "Account", "settings-account")
        at(16, 170, "Email", "settings-email")
        at(16, 192, "ana@example.com", nil)
        at(320, 175, "Change", "settings-change", width: 66)
        at(16, 230, "Password", "settings-password")
        at(320, 235, "Change", "settings-change", width: 66)
        at(16, 300, "Notifications", "settings-notifications")
        at(16, 330, "Newsletter", "settings-newsletter", width: 370)
        at(16, 374, "Order updates", "settings-order-updates", width: 370)
        at(16, 440, "Orders", "settings-orders", width: 370)

        next()  // 5 Orders
        at(130, 64, "Orders", "orders-title", width: 142)
        at(16, 150, "Order 10428", "order-number")
        at(16, 175, "The Quiet Sea", "order-book")
        at(16, 205, "Track package", "order-track", width: 130)
        at(160, 205, "Return", "order-return", width: 80)
        at(260, 205, "Buy again", "order-reorder", width: 100)
        at(16, 260, "Order 10431", "order-number")
        at(16, 285, "Paper Lanterns", "order-book")
        at(16, 315, "Track package", "order-track", width: 130)
        at(160, 315, "Return", "order-return", width: 80)
        at(260, 315, "Buy again", "order-reorder", width: 100)
        at(16, 380, "#10377", "past-number", width: 80)
        at(300, 380, "Buy again", "past-reorder", width: 86)

        return MappingFixtureApp(
            folder: "Shelf", summary: "SwiftUI, accessors and a catalog, repeated texts, English",
            screenNames: ["Discover", "The Quiet Sea", "Profile", "Cart", "Settings", "Orders"], warnings: warnings)
    }
}
