from replay import *
def gen2(p,b,prompt,new,dims,rep):
    cache,lg=prefill(p,b,prompt,**dims); p.release(lg)
    per=b*dims['KVH']*2; L=prompt
    for t in range(new-1):
        L+=1; nc=[]
        for _ in range(dims['layers']):
            k=p.alloc(per*L); v=p.alloc(per*L); nc.append((k,v))
            if rep>1:
                kr=p.alloc(per*L*rep); vr=p.alloc(per*L*rep)
                sc=p.alloc(b*32*L*4)  # fp32 softmax at decode
                p.release(sc); p.release(kr); p.release(vr)
        for k,v in cache: p.release(k); p.release(v)
        cache=nc
        p.release(p.alloc(b*dims['vocab']*4))
    for k,v in cache: p.release(k); p.release(v)
for b in (8,16):
    p=Pool(1<<60)
    for _ in range(2):
        c,lg=prefill(p,b,512,keep=False,**MIS); p.release(lg)
    for _ in range(3): gen2(p,b,512,1000,MIS,4)
    print("mis repeat_kv",b,"end %.2f live %.2f"%(p.reserved/2**30,p.livepeak/2**30),flush=True)
