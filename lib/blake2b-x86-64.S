/* blake2b-x86-64.S -- BLAKE2b compression (RFC 7693) on the general
   registers of x86-64, for the AMD Zen 5.

   Whole blocks only, as for every core: the contract is
   blake2b_blocks_fn's (blake2b.h), and lib/blake2b.c does the rest.
   Any x86-64 CPU runs it; hash-impl chooses it only on a Zen 5 (see
   below), and the tests run it everywhere against the portable core.

   Why in assembly.  On the Zen 5 a vector addition takes 2 cycles, so
   the vector cores lose there (lib/blake2b-avx2.c) and the general
   registers carry the work: a step of four G is four chains of 12
   dependent one-cycle instructions, 24 steps a block, 288 cycles at
   the least (bench/floors chain 288 128).  The same 1,344 additions,
   xors and rotations a block take about as long again from the ALUs'
   side: this mix of them ran at 4.6 a cycle on that VM (6 ALUs, of
   which fewer rotate).  GCC's code for lib/blake2b.c, which spills to
   the stack and moves message words through XMM registers, took 100 to
   105 ns a block; a chain of 288 took 84.  Two things bring the rest
   of the way down to 90-92 ns a block (1.1 chains):

   - The four G of a step are interleaved, one instruction of each in
     turn, so that the oldest-first schedulers pick the four chains
     evenly rather than one G after the other (G after G: 101 ns; in
     pairs: 95; all four: 91, best of 40 trials each, in one run).
   - The 16 words of the work vector need 16 registers and only 15 are
     free, so v8 lives in a stack slot and its G use it as a memory
     operand (an addition into memory, a xor from it).  The Zen 5
     renames memory accessed relative to %rsp: a store and a load of
     the same slot cost no latency (a chain of store, load and add ran
     at 1 cycle an iteration), so the slot is as quick as a register.
     CPUs without that renaming would put some 5 cycles of store
     forwarding on each use, twice a step: that is why this core is
     chosen on the Zen 5 only (cpu_is_zen5).

   The block's message words are copied to the stack first, so that
   every memory operand is relative to %rsp and the pointer to the
   block needs no register.  The chain value stays in the eight
   registers of v0..v7 from one block to the next.  */

#if defined __x86_64__ && defined __ELF__ && !defined __ILP32__

/* The frame, relative to %rsp after the prologue.  FRAME keeps %rsp
   16-byte aligned (6 pushes and the return address above it).  */
# define MSG 0            /* the block's 16 words */
# define V8 128           /* v8, the one word of the work vector in memory */
# define HSAVE 136        /* the chain value at the start of the block */
# define T0 200           /* the byte counter, low and high words */
# define T1 208
# define HPTR 216         /* the arguments */
# define TPTR 224
# define PPTR 232
# define NBLOCKS 240
# define LAST 248
# define FRAME 264

/* The work vector: A row v0..v3, B row v4..v7, C row v8..v11, D row
   v12..v15.  v8 is the stack slot V8.  */
# define VA0 %rax
# define VA1 %rbx
# define VA2 %rcx
# define VA3 %rdx
# define VB0 %rsi
# define VB1 %rdi
# define VB2 %rbp
# define VB3 %r8
# define VC0 V8(%rsp)
# define VC1 %r9
# define VC2 %r10
# define VC3 %r11
# define VD0 %r12
# define VD1 %r13
# define VD2 %r14
# define VD3 %r15

/* RFC 7693 2.7: the message permutations SIGMA, as blake2b.h has
   them for the C cores.  */
# define SIGMA0 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
# define SIGMA1 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3
# define SIGMA2 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4
# define SIGMA3 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8
# define SIGMA4 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13
# define SIGMA5 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9
# define SIGMA6 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11
# define SIGMA7 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10
# define SIGMA8 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5
# define SIGMA9 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0

	.text

/* Half of four G (RFC 7693 3.1) side by side, one instruction of each
   in turn: on the words AK, BK, CK and DK of G number K, with its
   message word MK (an index into the block), the rotations by R1 and
   R2.  The message word is added to A before B, as A is ready first.  */
	.macro	HALF4 r1, r2, a0, b0, c0, d0, m0, a1, b1, c1, d1, m1, a2, b2, c2, d2, m2, a3, b3, c3, d3, m3
	add	MSG+8*\m0(%rsp), \a0
	add	MSG+8*\m1(%rsp), \a1
	add	MSG+8*\m2(%rsp), \a2
	add	MSG+8*\m3(%rsp), \a3
	add	\b0, \a0
	add	\b1, \a1
	add	\b2, \a2
	add	\b3, \a3
	xor	\a0, \d0
	xor	\a1, \d1
	xor	\a2, \d2
	xor	\a3, \d3
	ror	$\r1, \d0
	ror	$\r1, \d1
	ror	$\r1, \d2
	ror	$\r1, \d3
	add	\d0, \c0
	add	\d1, \c1
	add	\d2, \c2
	add	\d3, \c3
	xor	\c0, \b0
	xor	\c1, \b1
	xor	\c2, \b2
	xor	\c3, \b3
	ror	$\r2, \b0
	ror	$\r2, \b1
	ror	$\r2, \b2
	ror	$\r2, \b3
	.endm

/* Four G side by side, G number K on the words AK, BK, CK and DK
   with the message words XK and YK.  */
	.macro	G4 a0, b0, c0, d0, x0, y0, a1, b1, c1, d1, x1, y1, a2, b2, c2, d2, x2, y2, a3, b3, c3, d3, x3, y3
	HALF4	32, 24, \a0, \b0, \c0, \d0, \x0, \a1, \b1, \c1, \d1, \x1, \
		\a2, \b2, \c2, \d2, \x2, \a3, \b3, \c3, \d3, \x3
	HALF4	16, 63, \a0, \b0, \c0, \d0, \y0, \a1, \b1, \c1, \d1, \y1, \
		\a2, \b2, \c2, \d2, \y2, \a3, \b3, \c3, \d3, \y3
	.endm

/* One round (RFC 7693 3.2) with the message permutation S0..S15 of
   its SIGMA row: G on the columns, then on the diagonals.  */
	.macro	ROUND s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15
	G4	VA0, VB0, VC0, VD0, \s0, \s1,   VA1, VB1, VC1, VD1, \s2, \s3, \
		VA2, VB2, VC2, VD2, \s4, \s5,   VA3, VB3, VC3, VD3, \s6, \s7
	G4	VA0, VB1, VC2, VD3, \s8, \s9,   VA1, VB2, VC3, VD0, \s10, \s11, \
		VA2, VB3, VC0, VD1, \s12, \s13, VA3, VB0, VC1, VD2, \s14, \s15
	.endm

/* void blake2b_blocks_x86_64 (uint64_t h[8], uint64_t t[2],
                               const uint8_t *p, size_t nblocks,
                               size_t last);
   Compress NBLOCKS 128-byte blocks at P into H with the counter T; the
   last of them is the final block, holding LAST message bytes, unless
   LAST is BLAKE2B_NOT_LAST (all ones).  */
	.globl	blake2b_blocks_x86_64
	.type	blake2b_blocks_x86_64, @function
	.p2align 4
blake2b_blocks_x86_64:
	.cfi_startproc
# ifdef __CET__
	endbr64
# endif
	test	%rcx, %rcx
	jz	.Lnone
	push	%rbx
	.cfi_adjust_cfa_offset 8
	.cfi_offset %rbx, -16
	push	%rbp
	.cfi_adjust_cfa_offset 8
	.cfi_offset %rbp, -24
	push	%r12
	.cfi_adjust_cfa_offset 8
	.cfi_offset %r12, -32
	push	%r13
	.cfi_adjust_cfa_offset 8
	.cfi_offset %r13, -40
	push	%r14
	.cfi_adjust_cfa_offset 8
	.cfi_offset %r14, -48
	push	%r15
	.cfi_adjust_cfa_offset 8
	.cfi_offset %r15, -56
	sub	$FRAME, %rsp
	.cfi_adjust_cfa_offset FRAME

	mov	%rdi, HPTR(%rsp)
	mov	%rsi, TPTR(%rsp)
	mov	%rdx, PPTR(%rsp)
	mov	%rcx, NBLOCKS(%rsp)
	mov	%r8, LAST(%rsp)
	mov	(%rsi), %r9
	mov	%r9, T0(%rsp)
	mov	8(%rsi), %r9
	mov	%r9, T1(%rsp)
	mov	0(%rdi), VA0
	mov	8(%rdi), VA1
	mov	16(%rdi), VA2
	mov	24(%rdi), VA3
	mov	32(%rdi), VB0
	mov	48(%rdi), VB2
	mov	56(%rdi), VB3
	mov	40(%rdi), VB1		/* %rdi last: it is VB1 */

.Lblock:
	/* The block's words to the stack, and P to the next block.  */
	mov	PPTR(%rsp), %r9
	movdqu	0(%r9), %xmm0
	movdqu	16(%r9), %xmm1
	movdqu	32(%r9), %xmm2
	movdqu	48(%r9), %xmm3
	movdqu	64(%r9), %xmm4
	movdqu	80(%r9), %xmm5
	movdqu	96(%r9), %xmm6
	movdqu	112(%r9), %xmm7
	movdqa	%xmm0, MSG+0(%rsp)
	movdqa	%xmm1, MSG+16(%rsp)
	movdqa	%xmm2, MSG+32(%rsp)
	movdqa	%xmm3, MSG+48(%rsp)
	movdqa	%xmm4, MSG+64(%rsp)
	movdqa	%xmm5, MSG+80(%rsp)
	movdqa	%xmm6, MSG+96(%rsp)
	movdqa	%xmm7, MSG+112(%rsp)
	add	$128, %r9
	mov	%r9, PPTR(%rsp)

	/* The chain value, for the feed-forward.  */
	mov	VA0, HSAVE+0(%rsp)
	mov	VA1, HSAVE+8(%rsp)
	mov	VA2, HSAVE+16(%rsp)
	mov	VA3, HSAVE+24(%rsp)
	mov	VB0, HSAVE+32(%rsp)
	mov	VB1, HSAVE+40(%rsp)
	mov	VB2, HSAVE+48(%rsp)
	mov	VB3, HSAVE+56(%rsp)

	/* The bytes this block adds to the counter (%r10: 128, or LAST
	   for the final block) and the final-block flag (%r11).  */
	mov	$128, %r10
	xor	%r11d, %r11d
	cmpq	$1, NBLOCKS(%rsp)
	jne	.Lcount
	mov	LAST(%rsp), %r12
	cmp	$-1, %r12
	je	.Lcount
	mov	%r12, %r10
	mov	$-1, %r11
.Lcount:
	mov	T0(%rsp), %r12
	mov	T1(%rsp), %r13
	add	%r10, %r12
	adc	$0, %r13
	mov	%r12, T0(%rsp)
	mov	%r13, T1(%rsp)

	/* C and D rows: the initial value, with the counter and the flag
	   in v12, v13 and v14 (RFC 7693 2.6 and 3.2).  */
	movabs	$0x510e527fade682d1, %r14
	xor	%r14, VD0
	movabs	$0x9b05688c2b3e6c1f, %r14
	xor	%r14, VD1
	movabs	$0x1f83d9abfb41bd6b, VD2
	xor	%r11, VD2
	movabs	$0x5be0cd19137e2179, VD3
	movabs	$0x6a09e667f3bcc908, %r9
	mov	%r9, VC0
	movabs	$0xbb67ae8584caa73b, VC1
	movabs	$0x3c6ef372fe94f82b, VC2
	movabs	$0xa54ff53a5f1d36f1, VC3

	/* The 12 rounds, with the rows of SIGMA (RFC 7693 2.7); rounds 10
	   and 11 take rows 0 and 1 again.  */
	ROUND	SIGMA0
	ROUND	SIGMA1
	ROUND	SIGMA2
	ROUND	SIGMA3
	ROUND	SIGMA4
	ROUND	SIGMA5
	ROUND	SIGMA6
	ROUND	SIGMA7
	ROUND	SIGMA8
	ROUND	SIGMA9
	ROUND	SIGMA0
	ROUND	SIGMA1

	/* h[i] ^= v[i] ^ v[i + 8], into the registers of v0..v7.  */
	xor	VC0, VA0
	xor	VC1, VA1
	xor	VC2, VA2
	xor	VC3, VA3
	xor	VD0, VB0
	xor	VD1, VB1
	xor	VD2, VB2
	xor	VD3, VB3
	xor	HSAVE+0(%rsp), VA0
	xor	HSAVE+8(%rsp), VA1
	xor	HSAVE+16(%rsp), VA2
	xor	HSAVE+24(%rsp), VA3
	xor	HSAVE+32(%rsp), VB0
	xor	HSAVE+40(%rsp), VB1
	xor	HSAVE+48(%rsp), VB2
	xor	HSAVE+56(%rsp), VB3
	decq	NBLOCKS(%rsp)
	jnz	.Lblock

	mov	HPTR(%rsp), %r9
	mov	VA0, 0(%r9)
	mov	VA1, 8(%r9)
	mov	VA2, 16(%r9)
	mov	VA3, 24(%r9)
	mov	VB0, 32(%r9)
	mov	VB1, 40(%r9)
	mov	VB2, 48(%r9)
	mov	VB3, 56(%r9)
	mov	TPTR(%rsp), %r9
	mov	T0(%rsp), %r10
	mov	%r10, 0(%r9)
	mov	T1(%rsp), %r10
	mov	%r10, 8(%r9)

	add	$FRAME, %rsp
	.cfi_adjust_cfa_offset -FRAME
	pop	%r15
	.cfi_adjust_cfa_offset -8
	.cfi_restore %r15
	pop	%r14
	.cfi_adjust_cfa_offset -8
	.cfi_restore %r14
	pop	%r13
	.cfi_adjust_cfa_offset -8
	.cfi_restore %r13
	pop	%r12
	.cfi_adjust_cfa_offset -8
	.cfi_restore %r12
	pop	%rbp
	.cfi_adjust_cfa_offset -8
	.cfi_restore %rbp
	pop	%rbx
	.cfi_adjust_cfa_offset -8
	.cfi_restore %rbx
.Lnone:
	ret
	.cfi_endproc
	.size	blake2b_blocks_x86_64, .-blake2b_blocks_x86_64

#endif

#if defined __ELF__
	.section .note.GNU-stack, "", @progbits
#endif
