from replay import *
# bitsandbytes 4-bit at batch > 1 (bnb 0.41 matmul_4bit: the gemv path only for one row): each Linear dequantizes its
# weight to fp16 (F.dequantize_4bit) and frees it after the matmul, every step, in every layer.
def gen_bnb(p,b,prompt,new,d):
    cache,lg=prefill(p,b,prompt,**d); p.release(lg)
    per=b*d['KVH']*2; L=prompt; H=d['H']; I=d['I']
    for t in range(new-1):
        L+=1; nc=[]
        for _ in range(d['layers']):
            for _ in range(2): p.release(p.alloc(H*H*2))      # q, k proj dequantized
            for _ in range(1): p.release(p.alloc(H*H*2))      # v proj
            k=p.alloc(per*L); v=p.alloc(per*L); nc.append((k,v))
            p.release(p.alloc(H*H*2))                          # o proj
            for _ in range(2): p.release(p.alloc(H*I*2))      # gate, up
            p.release(p.alloc(H*I*2))                          # down
        for k,v in cache: p.release(k); p.release(v)
        cache=nc
        p.release(p.alloc(b*d['vocab']*4))
    for k,v in cache: p.release(k); p.release(v)
for b in (2,4,8,16):
    p=Pool(1<<60)
    for _ in range(2):
        c,lg=prefill(p,b,128,keep=False,**VIC); p.release(lg)
    for _ in range(4): gen_bnb(p,b,128,256,VIC)
    print("vic bnb",b,"end %.2f live %.2f"%(p.reserved/2**30,p.livepeak/2**30),flush=True)
