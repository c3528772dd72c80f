import SwiftUI

struct CategoryPicker: View {
    @Binding var selection: Category

    var body: some View {
        Picker("Category", selection: $selection) {  // truth: form-category
            ForEach(Category.allCases) { category in
                Label(category.label, systemImage: category.symbol).tag(category)  // truth: category-groceries
            }
        }
    }
}
