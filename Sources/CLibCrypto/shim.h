// OpenSSL's libcrypto: only the EVP digest interface (SHA-256 of reports and fingerprints).
#include <openssl/evp.h>
