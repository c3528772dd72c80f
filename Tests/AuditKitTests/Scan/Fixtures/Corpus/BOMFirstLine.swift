let headerFont = UIFont.systemFont(ofSize: 11)
