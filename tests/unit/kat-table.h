/* kat-table.h -- the known answers of RFC 1319, 1320 and 1321 and of
   FIPS 180-4 (as published by NIST), and of cksum's CRCs (from GNU's
   cksum and Python's zlib), for the unit tests that check
   digests through different interfaces (test-kat.c, test-lanes.c).  */
/* kat-table.h -- the known answers of RFC 1319, 1320 and 1321, of
   FIPS 180-4 (as published by NIST) and of GB/T 32905 (SM3), and the
   BSD and System V checksums as GNU coreutils 9.1's sum prints them,
   for the unit tests that check digests through different interfaces
   (test-kat.c, test-lanes.c).  */
/* kat-table.h -- the known answers of RFC 1319, 1320 and 1321, of
   FIPS 180-4 (as published by NIST) and of RFC 7693, for the unit
   tests that check digests through different interfaces (test-kat.c,
   FIPS 180-4 and FIPS 202 (as published by NIST), for the unit tests
   that check digests through different interfaces (test-kat.c,
   test-lanes.c).  */

#ifndef BRISK_KAT_TABLE_H
#define BRISK_KAT_TABLE_H

/* The messages that occur more than once.  */
#define EMPTY ""
#define ABC "abc"
#define ALPHA "abcdefghijklmnopqrstuvwxyz"
#define ALNUM "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
#define DIGITS                                                          \
  "1234567890123456789012345678901234567890"                            \
  "1234567890123456789012345678901234567890"
#define MSG448 "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
#define MSG896                                                          \
  "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"    \
  "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"

/* 320 bytes 0xff: repeated 54000 times, 17280000 bytes, whose sum
   passes 2^32, where the System V accumulator wraps; long enough for
   the vector cores' blocks of the sums, where a BSD sum of 0xff bytes
   carries often.  */
#define FF16 "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
#define FF320                                                           \
  FF16 FF16 FF16 FF16 FF16 FF16 FF16 FF16 FF16 FF16                     \
  FF16 FF16 FF16 FF16 FF16 FF16 FF16 FF16 FF16 FF16

/* One known answer: the digest by ALGO of MESSAGE repeated REPEAT
   times is HEX.  */
struct kat
{
  const char *algo;
  const char *message;
  long repeat;
  const char *hex;
};

static const struct kat kats[] = {
  /* RFC 1319 A.5, RFC 1320 A.5, RFC 1321 A.5.  */
  { "md2", EMPTY, 1,
      "8350e5a3e24c153df2275c9f80692773" },
  { "md2", "a", 1,
      "32ec01ec4a6dac72c0ab96fb34c0b5d1" },
  { "md2", ABC, 1,
      "da853b0d3f88d99b30283a69e6ded6bb" },
  { "md2", "message digest", 1,
      "ab4f496bfb2a530b219ff33031fe06b0" },
  { "md2", ALPHA, 1,
      "4e8ddff3650292ab5a4108c3aa47940b" },
  { "md2", ALNUM, 1,
      "da33def2a42df13975352846c30338cd" },
  { "md2", DIGITS, 1,
      "d5976f79d83d3a0dc9806c3c66f3efd8" },
  { "md4", EMPTY, 1,
      "31d6cfe0d16ae931b73c59d7e0c089c0" },
  { "md4", "a", 1,
      "bde52cb31de33e46245e05fbdbd6fb24" },
  { "md4", ABC, 1,
      "a448017aaf21d8525fc10ae87aa6729d" },
  { "md4", "message digest", 1,
      "d9130a8164549fe818874806e1c7014b" },
  { "md4", ALPHA, 1,
      "d79e1c308aa5bbcdeea8ed63df412da9" },
  { "md4", ALNUM, 1,
      "043f8582f241db351ce627e153e7f0e4" },
  { "md4", DIGITS, 1,
      "e33b4ddc9c38f2199c3e7b164fcc0536" },
  { "md5", EMPTY, 1,
      "d41d8cd98f00b204e9800998ecf8427e" },
  { "md5", "a", 1,
      "0cc175b9c0f1b6a831c399e269772661" },
  { "md5", ABC, 1,
      "900150983cd24fb0d6963f7d28e17f72" },
  { "md5", "message digest", 1,
      "f96b697d7cb7938d525a2f31aaf161d0" },
  { "md5", ALPHA, 1,
      "c3fcd3d76192e4007dfb496cca67e13b" },
  { "md5", ALNUM, 1,
      "d174ab98d277d9f5a5611c2c9f419d9f" },
  { "md5", DIGITS, 1,
      "57edf4a22be3c955ac49da2e2107b67a" },
  { "sha1", ABC, 1,
      "a9993e364706816aba3e25717850c26c9cd0d89d" },
  { "sha1", EMPTY, 1,
      "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
  { "sha1", MSG448, 1,
      "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
  { "sha1", MSG896, 1,
      "a49b2446a02c645bf419f995b67091253a04a259" },
  { "sha1", "a", 1000000,
      "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
  { "sha224", ABC, 1,
      "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
  { "sha224", EMPTY, 1,
      "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f" },
  { "sha224", MSG448, 1,
      "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525" },
  { "sha224", MSG896, 1,
      "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3" },
  { "sha224", "a", 1000000,
      "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67" },
  { "sha256", ABC, 1,
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
  { "sha256", EMPTY, 1,
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
  { "sha256", MSG448, 1,
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
  { "sha256", MSG896, 1,
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1" },
  { "sha256", "a", 1000000,
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
  { "sha384", ABC, 1,
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
      "8086072ba1e7cc2358baeca134c825a7" },
  { "sha384", EMPTY, 1,
      "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
      "274edebfe76f65fbd51ad2f14898b95b" },
  { "sha384", MSG448, 1,
      "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6"
      "b0455a8520bc4e6f5fe95b1fe3c8452b" },
  { "sha384", MSG896, 1,
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
      "fcc7c71a557e2db966c3e9fa91746039" },
  { "sha384", "a", 1000000,
      "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
      "07b8b3dc38ecc4ebae97ddd87f3d8985" },
  { "sha512", ABC, 1,
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
  { "sha512", EMPTY, 1,
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
      "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
  { "sha512", MSG448, 1,
      "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
      "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445" },
  { "sha512", MSG896, 1,
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
      "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
  { "sha512", "a", 1000000,
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
      "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b" },
  /* cksum's CRCs: the CRC, then the byte count as 8 bytes.  "crc" as
     GNU coreutils 9.1's cksum prints it ("printf abc | cksum" is
     "1219131554 3", 0x48aa78a2); "crc32b" from Python's zlib.crc32.
     "123456789" gives the check values of the CRC catalogue's
     CRC-32/ISO-HDLC (0xcbf43926); CRC-32/CKSUM's 0x765e7680 leaves
     the length out, so test-crc32.c checks it on the raw cores.  */
  { "crc", EMPTY, 1, "ffffffff0000000000000000" },
  { "crc", "a", 1, "48c279fe0000000000000001" },
  { "crc", ABC, 1, "48aa78a20000000000000003" },
  { "crc", "message digest", 1, "d934b396000000000000000e" },
  { "crc", ALPHA, 1, "a1b937a8000000000000001a" },
  { "crc", ALNUM, 1, "04e1f937000000000000003e" },
  { "crc", DIGITS, 1, "73a0b3a80000000000000050" },
  { "crc", "123456789", 1, "377a60110000000000000009" },
  { "crc", "a", 1000000, "cac55e1f00000000000f4240" },
  { "crc32b", EMPTY, 1, "000000000000000000000000" },
  { "crc32b", "a", 1, "e8b7be430000000000000001" },
  { "crc32b", ABC, 1, "352441c20000000000000003" },
  { "crc32b", "message digest", 1, "20159d7f000000000000000e" },
  { "crc32b", ALPHA, 1, "4c2750bd000000000000001a" },
  { "crc32b", ALNUM, 1, "1fc2e6d2000000000000003e" },
  { "crc32b", DIGITS, 1, "7ca94a720000000000000050" },
  { "crc32b", "123456789", 1, "cbf439260000000000000009" },
  { "crc32b", "a", 1000000, "dc25bfbc00000000000f4240" },
  /* GB/T 32905-2016 appendix A, examples 1 and 2; the others from
     GNU coreutils 9.1's cksum -a sm3.  */
  { "sm3", ABC, 1,
      "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0" },
  { "sm3", "abcd", 16,
      "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732" },
  { "sm3", DIGITS, 1,
      "ad81805321f3e69d251235bf886a564844873b56dd7dde400f055b7dde39307a" },
  { "sm3", "a", 1000000,
      "c8aaf89429554029e231941a2acc0ad61ff2a5acd8fadd25847a3a732b3b02c3" },
  /* GNU coreutils 9.1's sum -r and sum -s (printf abc | sum: "16556
     1"): the checksum in 4 hex digits, then the byte count in 16.  */
  { "bsd", EMPTY, 1, "00000000000000000000" },
  { "bsd", "a", 1, "00610000000000000001" },
  { "bsd", ABC, 1, "40ac0000000000000003" },
  { "bsd", "message digest", 1, "6737000000000000000e" },
  { "bsd", "abcd", 16, "22220000000000000040" },
  { "bsd", DIGITS, 1, "55550000000000000050" },
  { "bsd", "a", 1000000, "f53100000000000f4240" },
  { "bsd", FF320, 54000, "79f1000000000107ac00" },
  { "sysv", EMPTY, 1, "00000000000000000000" },
  { "sysv", "a", 1, "00610000000000000001" },
  { "sysv", ABC, 1, "01260000000000000003" },
  { "sysv", "message digest", 1, "0585000000000000000e" },
  { "sysv", "abcd", 16, "18a00000000000000040" },
  { "sysv", DIGITS, 1, "10680000000000000050" },
  { "sysv", "a", 1000000, "200800000000000f4240" },
  { "sysv", FF320, 54000, "5aa4000000000107ac00" },
  /* RFC 7693 Appendix A: BLAKE2b-512 of "abc"; the empty message and a
     million "a" from Python's hashlib.blake2b, which GNU's b2sum
     agrees with.  */
  { "blake2b", ABC, 1,
      "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
      "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923" },
  { "blake2b", EMPTY, 1,
      "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419"
      "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce" },
  { "blake2b", "a", 1000000,
      "98fb3efb7206fd19ebf69b6f312cf7b64e3b94dbe1a17107913975a793f177e1"
      "d077609d7fba363cbba00d05f7aa4e4fa8715d6428104c0a75643b0ff3fd3eaf" },
  /* FIPS 202 (NIST's examples, and the SHA-2 messages above), checked
     with Python's hashlib.  */
  { "sha3-224", EMPTY, 1,
      "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7" },
  { "sha3-224", ABC, 1,
      "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf" },
  { "sha3-224", MSG448, 1,
      "8a24108b154ada21c9fd5574494479ba5c7e7ab76ef264ead0fcce33" },
  { "sha3-224", MSG896, 1,
      "543e6868e1666c1a643630df77367ae5a62a85070a51c14cbf665cbc" },
  { "sha3-224", "a", 1000000,
      "d69335b93325192e516a912e6d19a15cb51c6ed5c15243e7a7fd653c" },
  { "sha3-256", EMPTY, 1,
      "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a" },
  { "sha3-256", ABC, 1,
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
  { "sha3-256", MSG448, 1,
      "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376" },
  { "sha3-256", MSG896, 1,
      "916f6061fe879741ca6469b43971dfdb28b1a32dc36cb3254e812be27aad1d18" },
  { "sha3-256", "a", 1000000,
      "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1" },
  { "sha3-384", EMPTY, 1,
      "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
      "c3713831264adb47fb6bd1e058d5f004" },
  { "sha3-384", ABC, 1,
      "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
      "98d88cea927ac7f539f1edf228376d25" },
  { "sha3-384", MSG448, 1,
      "991c665755eb3a4b6bbdfb75c78a492e8c56a22c5c4d7e429bfdbc32b9d4ad5a"
      "a04a1f076e62fea19eef51acd0657c22" },
  { "sha3-384", MSG896, 1,
      "79407d3b5916b59c3e30b09822974791c313fb9ecc849e406f23592d04f625dc"
      "8c709b98b43b3852b337216179aa7fc7" },
  { "sha3-384", "a", 1000000,
      "eee9e24d78c1855337983451df97c8ad9eedf256c6334f8e948d252d5e0e7684"
      "7aa0774ddb90a842190d2c558b4b8340" },
  { "sha3-512", EMPTY, 1,
      "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
      "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26" },
  { "sha3-512", ABC, 1,
      "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
      "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0" },
  { "sha3-512", MSG448, 1,
      "04a371e84ecfb5b8b77cb48610fca8182dd457ce6f326a0fd3d7ec2f1e91636d"
      "ee691fbe0c985302ba1b0d8dc78c086346b533b49c030d99a27daf1139d6e75e" },
  { "sha3-512", MSG896, 1,
      "afebb2ef542e6579c50cad06d2e578f9f8dd6881d7dc824d26360feebf18a4fa"
      "73e3261122948efcfd492e74e82e2189ed0fb440d187f382270cb455f21dd185" },
  { "sha3-512", "a", 1000000,
      "3c3a876da14034ab60627c077bb98f7e120a2a5370212dffb3385a18d4f38859"
      "ed311d0a9d5141ce9cc5c66ee689b266a8aa18ace8282a0e0db596c90b0a7b87" },
};

#endif
